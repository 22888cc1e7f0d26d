import { expect, test } from "bun:test";
import { BARS, peakCounter } from "./peaks";

const pcm = (samples: number[]) => {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((s, i) => view.setInt16(i * 2, s, true));
  return bytes;
};

test("a loud second half draws low bars then full ones, and the length comes from the samples", () => {
  const counter = peakCounter(4000);
  const quiet = Array.from({ length: 4000 }, (_, i) => (i % 2 ? 1000 : -1000));
  const loud = Array.from({ length: 4000 }, (_, i) => (i % 2 ? 20000 : -32768));
  counter.feed(pcm([...quiet, ...loud]));
  const { seconds, peaks } = counter.finish();
  expect(seconds).toBe(2);
  expect(peaks).toHaveLength(BARS);
  expect(peaks[0]).toBeCloseTo(1000 / 32768, 2);
  expect(peaks[BARS - 1]).toBe(1);
});

test("samples split across chunks at odd byte boundaries count the same", () => {
  const samples = Array.from({ length: 999 }, (_, i) => Math.round(Math.sin(i / 7) * 30000));
  const whole = peakCounter(4000);
  whole.feed(pcm(samples));
  const pieces = peakCounter(4000);
  const bytes = pcm(samples);
  for (let at = 0; at < bytes.length; at += 7) pieces.feed(bytes.subarray(at, at + 7));
  expect(pieces.finish()).toEqual(whole.finish());
});

test("silence and nothing give flat bars, not NaN", () => {
  const empty = peakCounter(4000).finish();
  expect(empty.peaks.every((p) => p === 0)).toBe(true);
  const silent = peakCounter(4000);
  silent.feed(pcm(new Array(500).fill(0)));
  expect(silent.finish().peaks.every((p) => p === 0)).toBe(true);
});

test("a sound longer than the blocks kept is folded, not held: the same bars, bounded memory", () => {
  const samples = Array.from({ length: 40_000 }, (_, i) => Math.round(Math.sin(i / 300) * (i < 20_000 ? 8000 : 30000)));
  const roomy = peakCounter(4000);
  roomy.feed(pcm(samples));
  const tight = peakCounter(4000, 64); // 40,000 samples are 1,000 blocks of 40: folded four times
  tight.feed(pcm(samples));
  const [a, b] = [roomy.finish(), tight.finish()];
  expect(b.seconds).toBe(a.seconds);
  expect(b.peaks.slice(0, 50).every((p) => p < 0.3)).toBe(true);
  expect(b.peaks.slice(70).some((p) => p === 1)).toBe(true);
});
