import { expect, test } from "bun:test";
import { waveformPeaks } from "./waveformPeaks";

test("one peak per slice, the loudest over all channels, scaled to the loudest slice", () => {
  const left = Float32Array.from([0.125, -0.25, 0, 0, 0.0625, 0.0625, -0.5, 0.125]);
  const right = Float32Array.from([0, 0, 0.375, 0, 0, 0, 0, 0]);
  expect(waveformPeaks([left, right], 4)).toEqual([0.5, 0.75, 0.125, 1]);
});

test("more bars than samples, silence and no audio give zeros, never NaN", () => {
  expect(waveformPeaks([Float32Array.from([0.5, -1])], 4)).toEqual([0.5, 0.5, 1, 1]);
  expect(waveformPeaks([new Float32Array(10)], 3)).toEqual([0, 0, 0]);
  expect(waveformPeaks([], 2)).toEqual([0, 0]);
});
