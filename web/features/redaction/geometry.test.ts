import { describe, expect, test } from "bun:test";
import { activeAt, boxAt, clampBox, placeAt, thin, trackFaces } from "./geometry";

const face = (x: number, y: number) => ({ x, y, width: 0.1, height: 0.1 });

describe("regions over time", () => {
  const moving = { x: 0, y: 0, width: 0.2, height: 0.2, effect: "blur" as const, keyframes: [
    { at_ms: 1000, x: 0, y: 0, width: 0.2, height: 0.2 },
    { at_ms: 2000, x: 0.4, y: 0.2, width: 0.2, height: 0.2 },
  ] };
  test("is linear between keyframes and holds the ends", () => {
    expect(boxAt(moving, 1500)).toEqual({ x: 0.2, y: 0.1, width: 0.2, height: 0.2 });
    expect(boxAt(moving, 0).x).toBe(0);
    expect(boxAt(moving, 9000).x).toBe(0.4);
  });
  test("moving a keyframed region sets a keyframe there; a still one moves whole", () => {
    const placed = placeAt(moving, 1500, face(0.5, 0.5));
    expect(placed.keyframes!.map((k) => k.at_ms)).toEqual([1000, 1500, 2000]);
    const still = placeAt({ ...face(0, 0), effect: "box" }, 1500, face(0.5, 0.5));
    expect(still).toEqual({ ...face(0.5, 0.5), effect: "box" });
  });
  test("a region is active from its start up to its end", () => {
    expect(activeAt({ ...face(0, 0), effect: "blur", from_ms: 100, to_ms: 200 }, 99)).toBe(false);
    expect(activeAt({ ...face(0, 0), effect: "blur", from_ms: 100, to_ms: 200 }, 100)).toBe(true);
    expect(activeAt({ ...face(0, 0), effect: "blur", from_ms: 100, to_ms: 200 }, 200)).toBe(false);
  });
  test("a box stays inside the picture", () => {
    expect(clampBox({ x: 0.95, y: -0.1, width: 0.2, height: 0.001 })).toEqual({ x: 0.8, y: 0, width: 0.2, height: 0.02 });
  });
});

describe("tracking faces across samples", () => {
  test("a moving face is one region with a keyframe per sample; a face elsewhere is another", () => {
    const samples = [0, 500, 1000, 1500].map((at_ms, i) => ({ at_ms, faces: [face(0.1 + i * 0.03, 0.4), ...(i === 3 ? [face(0.8, 0.1)] : [])] }));
    const regions = trackFaces(samples, 500, 2000);
    expect(regions).toHaveLength(2);
    expect(regions[0]!.keyframes).toHaveLength(4);
    expect(regions[0]!.from_ms).toBe(0);
    expect(regions[0]!.to_ms).toBeUndefined(); // seen in the last sample: to the end
    expect(regions[1]!.from_ms).toBe(1250);
    expect(trackFaces(samples.slice(0, 2), 500, 2000)[0]!.to_ms).toBe(750);
    // grown to cover the head
    expect(regions[0]!.keyframes![0]!.width).toBeCloseTo(0.15);
  });
  test("keyframes are thinned to the bound, keeping both ends", () => {
    const frames = Array.from({ length: 1000 }, (_, i) => i);
    const kept = thin(frames, 240);
    expect(kept).toHaveLength(240);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(999);
  });
});
