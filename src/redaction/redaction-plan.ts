import { badRequest } from "../http/errors";
import { asRecord } from "../http/input";

/**
 * What a redaction version asks of the public copy (docs/redaction.md): regions of the picture hidden by a blur or a
 * solid box, and time ranges of the sound disguised or silenced. Positions are fractions (0–1) of the picture, times
 * milliseconds from the start; a region without times covers the whole item, one with keyframes moves between them
 * (linearly, holding the first and last box before and after them).
 */
export const REGION_EFFECTS = ["blur", "box"] as const;
export const AUDIO_EFFECTS = ["disguise", "silence"] as const;
export type RegionEffect = (typeof REGION_EFFECTS)[number];
export type AudioEffect = (typeof AUDIO_EFFECTS)[number];

export type Box = { x: number; y: number; width: number; height: number };
export type Keyframe = Box & { at_ms: number };
export type Region = Box & { effect: RegionEffect; from_ms?: number; to_ms?: number; keyframes?: Keyframe[] };
export type AudioRange = { effect: AudioEffect; from_ms?: number; to_ms?: number };
export type RedactionPlan = { regions: Region[]; audio: AudioRange[] };

/** Bounds that keep one version's ffmpeg graph small: a crowd scene fits, a graph of thousands of filters does not. */
export const REGIONS_MAX = 48;
export const KEYFRAMES_MAX = 240;
export const AUDIO_RANGES_MAX = 32;
/** A region smaller than this (of the picture's side) hides nothing a detector would find; refused as a slip. */
export const REGION_SIDE_MIN = 0.005;
/** 24 hours: no item is longer; bounds every time sent. */
const MS_MAX = 86_400_000;

export const isEmptyPlan = (plan: RedactionPlan) => plan.regions.length === 0 && plan.audio.length === 0;

/** The PUT body of /api/evidence/:id/redactions, read after the session check; anything out of bounds is a 400. */
export function readRedactionPlan(body: unknown): RedactionPlan {
  const { regions = [], audio = [] } = asRecord(body);
  if (!Array.isArray(regions)) throw badRequest("regions must be a list");
  if (!Array.isArray(audio)) throw badRequest("audio must be a list");
  if (regions.length > REGIONS_MAX) throw badRequest(`At most ${REGIONS_MAX} regions can be redacted in one item`);
  if (audio.length > AUDIO_RANGES_MAX) throw badRequest(`At most ${AUDIO_RANGES_MAX} sound ranges can be redacted in one item`);
  return { regions: regions.map((r, i) => readRegion(r, `regions[${i}]`)), audio: audio.map((a, i) => readAudio(a, `audio[${i}]`)) };
}

function readRegion(raw: unknown, name: string): Region {
  const record = asRecord(raw);
  const effect = oneOf(record.effect, REGION_EFFECTS, `${name}.effect`);
  const region: Region = { ...readBox(record, name), effect, ...readRange(record, name) };
  if (record.keyframes !== undefined) {
    if (!Array.isArray(record.keyframes) || record.keyframes.length === 0) throw badRequest(`${name}.keyframes must be a list of boxes`);
    if (record.keyframes.length > KEYFRAMES_MAX) throw badRequest(`${name} can have at most ${KEYFRAMES_MAX} keyframes`);
    const keyframes = record.keyframes.map((k, i) => {
      const frame = asRecord(k);
      return { at_ms: readMs(frame.at_ms, `${name}.keyframes[${i}].at_ms`), ...readBox(frame, `${name}.keyframes[${i}]`) };
    });
    for (let i = 1; i < keyframes.length; i++) {
      if (keyframes[i].at_ms <= keyframes[i - 1].at_ms) throw badRequest(`${name}.keyframes must be in time order`);
    }
    region.keyframes = keyframes;
  }
  return region;
}

function readAudio(raw: unknown, name: string): AudioRange {
  const record = asRecord(raw);
  return { effect: oneOf(record.effect, AUDIO_EFFECTS, `${name}.effect`), ...readRange(record, name) };
}

/** A box inside the picture, no side thinner than REGION_SIDE_MIN. */
function readBox(record: Record<string, unknown>, name: string): Box {
  const [x, y, width, height] = (["x", "y", "width", "height"] as const).map((key) => {
    const value = record[key];
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 1) throw badRequest(`${name}.${key} must be a fraction from 0 to 1`);
    return value;
  });
  if (width < REGION_SIDE_MIN || height < REGION_SIDE_MIN) throw badRequest(`${name} is too small to hide anything`);
  if (x + width > 1 + 1e-9 || y + height > 1 + 1e-9) throw badRequest(`${name} must lie inside the picture`);
  return { x, y, width, height };
}

function readRange(record: Record<string, unknown>, name: string): { from_ms?: number; to_ms?: number } {
  const range: { from_ms?: number; to_ms?: number } = {};
  if (record.from_ms !== undefined) range.from_ms = readMs(record.from_ms, `${name}.from_ms`);
  if (record.to_ms !== undefined) range.to_ms = readMs(record.to_ms, `${name}.to_ms`);
  if (range.from_ms !== undefined && range.to_ms !== undefined && range.to_ms <= range.from_ms) throw badRequest(`${name} must end after it starts`);
  return range;
}

function readMs(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > MS_MAX) throw badRequest(`${name} must be whole milliseconds`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T {
  if (typeof value !== "string" || !allowed.includes(value as T)) throw badRequest(`${name} must be one of ${allowed.join(", ")}`);
  return value as T;
}
