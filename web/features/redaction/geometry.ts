/**
 * The studio's arithmetic on regions (pure, tested beside): where a region is at a time (the server's rule: linear
 * between keyframes, the first and last box held before and after them), faces found on sampled video frames linked
 * into tracks, and a detector's tight box grown to cover hair, ears and chin.
 */
import { KEYFRAMES_MAX, type Box, type Keyframe, type Region } from "../../../src/redaction/redaction-plan";

export type Sample = { at_ms: number; faces: Box[] };

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** A box moved/resized inside the picture: kept inside, no side under 2 %. */
export function clampBox(box: Box): Box {
  const width = Math.min(1, Math.max(0.02, box.width));
  const height = Math.min(1, Math.max(0.02, box.height));
  return { x: Math.min(1 - width, clamp01(box.x)), y: Math.min(1 - height, clamp01(box.y)), width, height };
}

/** A face box grown by a quarter of its size on each side (a detector's box stops at the brows and the chin). */
export function coverFace(face: Box): Box {
  const x = clamp01(face.x - face.width * 0.25);
  const y = clamp01(face.y - face.height * 0.3);
  return { x, y, width: clamp01(face.x + face.width * 1.25) - x, height: clamp01(face.y + face.height * 1.25) - y };
}

const lerp = (a: number, b: number, k: number) => a + (b - a) * k;

/** The region's box at `ms` (its own box when it has no keyframes). */
export function boxAt(region: Region, ms: number): Box {
  const frames = region.keyframes;
  if (!frames?.length) return { x: region.x, y: region.y, width: region.width, height: region.height };
  const next = frames.findIndex((frame) => frame.at_ms >= ms);
  if (next === 0) return pick(frames[0]!);
  if (next === -1) return pick(frames.at(-1)!);
  const a = frames[next - 1]!;
  const b = frames[next]!;
  const k = (ms - a.at_ms) / (b.at_ms - a.at_ms);
  return { x: lerp(a.x, b.x, k), y: lerp(a.y, b.y, k), width: lerp(a.width, b.width, k), height: lerp(a.height, b.height, k) };
}

const pick = ({ x, y, width, height }: Box): Box => ({ x, y, width, height });

/** Whether the region hides anything at `ms`. */
export const activeAt = (region: Region, ms: number) => (region.from_ms ?? 0) <= ms && (region.to_ms === undefined || ms < region.to_ms);

/** The region with its box at `at_ms` set: a keyframe there when it moves with the video, else its one box. */
export function placeAt(region: Region, at_ms: number, box: Box): Region {
  if (!region.keyframes?.length) return { ...region, ...box };
  const kept = region.keyframes.filter((frame) => Math.abs(frame.at_ms - at_ms) >= 1);
  const keyframes = [...kept, { at_ms, ...box }].sort((a, b) => a.at_ms - b.at_ms);
  return { ...region, ...pick(keyframes[0]!), keyframes };
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.width * a.height + b.width * b.height - w * h);
}

const centreDistance = (a: Box, b: Box) => Math.hypot(a.x + a.width / 2 - (b.x + b.width / 2), a.y + a.height / 2 - (b.y + b.height / 2));

/** Same face in the next sample: overlapping, or its centre moved less than its own size. */
const sameFace = (a: Box, b: Box) => overlap(a, b) > 0.1 || centreDistance(a, b) < Math.max(a.width, a.height);

/**
 * Faces of successive samples linked into tracks (each face to the nearest track last seen one sample before), each
 * track a region that follows it: a keyframe per sample (thinned to the bound), from half a step before its first
 * sample to half a step after its last (to the end when its last is the video's last), so the frames between samples are covered too.
 */
export function trackFaces(samples: Sample[], stepMs: number, durationMs: number): Region[] {
  type Track = { frames: Keyframe[]; lastIndex: number };
  const tracks: Track[] = [];
  samples.forEach((sample, index) => {
    const open = tracks.filter((track) => track.lastIndex === index - 1);
    for (const face of sample.faces) {
      const covered = coverFace(face);
      const match = open
        .filter((track) => sameFace(track.frames.at(-1)!, covered))
        .sort((a, b) => centreDistance(a.frames.at(-1)!, covered) - centreDistance(b.frames.at(-1)!, covered))[0];
      if (match) {
        open.splice(open.indexOf(match), 1);
        match.frames.push({ at_ms: sample.at_ms, ...covered });
        match.lastIndex = index;
      } else tracks.push({ frames: [{ at_ms: sample.at_ms, ...covered }], lastIndex: index });
    }
  });
  return tracks.map(({ frames }) => {
    const keyframes = thin(frames, KEYFRAMES_MAX);
    const from_ms = Math.max(0, Math.round(frames[0]!.at_ms - stepMs / 2));
    // Seen in the last sample: it stays to the end (the frames after the last sample are not covered otherwise).
    const to_ms = frames.at(-1)!.at_ms + stepMs >= durationMs ? undefined : Math.round(frames.at(-1)!.at_ms + stepMs / 2);
    return { ...pick(keyframes[0]!), effect: "blur" as const, from_ms, ...(to_ms === undefined ? {} : { to_ms }), keyframes };
  });
}

/** At most `max` keyframes, evenly picked, keeping the first and the last. */
export function thin<T>(frames: T[], max: number): T[] {
  if (frames.length <= max) return frames;
  return Array.from({ length: max }, (_, i) => frames[Math.round((i * (frames.length - 1)) / (max - 1))]!);
}
