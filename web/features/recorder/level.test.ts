import { expect, test } from "bun:test";
import { levelPercent } from "./level";

const tone = (amplitude: number) => Float32Array.from({ length: 1024 }, (_, i) => amplitude * Math.sin((2 * Math.PI * i) / 32));

test("silence is 0, full scale is 100, and louder is higher in between", () => {
  expect(levelPercent(new Float32Array(1024))).toBe(0);
  expect(levelPercent(new Float32Array(0))).toBe(0);
  expect(levelPercent(Float32Array.from({ length: 64 }, () => 1))).toBe(100);
  const [quiet, voice, loud] = [tone(0.003), tone(0.05), tone(0.7)].map(levelPercent);
  expect(quiet).toBeGreaterThan(0);
  expect(quiet).toBeLessThan(voice!);
  expect(voice).toBeLessThan(loud!);
  expect(loud).toBeLessThan(100);
});
