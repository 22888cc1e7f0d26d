/**
 * fast-check arbitraries for fuzzing parsers of untrusted bytes: mutations of real files (bit flips, cuts, repeated
 * and spliced ranges, size fields overwritten with boundary values), which reach deeper than random bytes alone.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { concat } from "../../src/media/bytes";
import { FIXTURES } from "./client";

/** Runs per property: a few hundred by default, FUZZ_RUNS for a long run. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 300);
/** Generous per-input time bound (the budget is linear time; this catches loops and blow-ups, not slowness). */
export const PER_INPUT_MS = 200;
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 7);

/** The media fixtures (tests/fixtures and tests/fixtures/gps), by file name relative to tests/fixtures. */
export async function mediaFixtures(): Promise<Map<string, Uint8Array>> {
  const names = [...(await readdir(FIXTURES)), ...(await readdir(path.join(FIXTURES, "gps"))).map((n) => `gps/${n}`)];
  const media = names.filter((n) => /\.(jpg|png|webp|gif|heic|mp4|mov|m4a|webm|ogg|ogv|mp3|wav)$/.test(n));
  return new Map(await Promise.all(media.map(async (n) => [n, new Uint8Array(await readFile(path.join(FIXTURES, n)))] as const)));
}

const BOUNDARY_VALUES = [0, 1, 2, 7, 8, 15, 16, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0xffffffff];
const MAX_GROWTH = 64 * 1024;

type Mutation =
  | { kind: "flip"; at: number; xor: number }
  | { kind: "cut"; at: number }
  | { kind: "repeat"; at: number; length: number; times: number }
  | { kind: "splice"; at: number; from: number; length: number; donor: number }
  | { kind: "boundary"; at: number; value: number; littleEndian: boolean };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("repeat" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }), times: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ kind: fc.constant("splice" as const), at: fc.nat(), from: fc.nat(), length: fc.integer({ min: 1, max: 512 }), donor: fc.nat() }),
  fc.record({ kind: fc.constant("boundary" as const), at: fc.nat(), value: fc.constantFrom(...BOUNDARY_VALUES), littleEndian: fc.boolean() }),
);

function apply(bytes: Uint8Array, m: Mutation, donors: Uint8Array[]): Uint8Array {
  const at = bytes.length === 0 ? 0 : m.at % bytes.length;
  switch (m.kind) {
    case "flip": {
      const out = bytes.slice();
      if (out.length > 0) out[at] = out[at]! ^ m.xor;
      return out;
    }
    case "cut":
      return bytes.slice(0, at);
    case "repeat": {
      const range = bytes.subarray(at, at + m.length);
      const times = Math.min(m.times, Math.floor(MAX_GROWTH / Math.max(1, range.length)));
      return concat([bytes.subarray(0, at + range.length), ...Array.from({ length: times }, () => range), bytes.subarray(at + range.length)]);
    }
    case "splice": {
      const donor = donors[m.donor % donors.length]!;
      const from = donor.length === 0 ? 0 : m.from % donor.length;
      return concat([bytes.subarray(0, at), donor.subarray(from, from + m.length), bytes.subarray(at)]);
    }
    case "boundary": {
      const out = bytes.slice();
      if (at + 4 <= out.length) new DataView(out.buffer).setUint32(at, m.value >>> 0, m.littleEndian);
      return out;
    }
  }
}

/** One of `files`, changed by one to four mutations (splices take their bytes from any of `files`). */
export function mutated(files: Uint8Array[]): fc.Arbitrary<Uint8Array> {
  return fc
    .record({ base: fc.nat({ max: files.length - 1 }), steps: fc.array(mutation, { minLength: 1, maxLength: 4 }) })
    .map(({ base, steps }) => steps.reduce((bytes, step) => apply(bytes, step, files), files[base]!));
}

/**
 * How much the process's resident memory may grow while one input is handled: the budget of issue 7 for an input of
 * up to 25 MB, so far above what a fuzz input of a few KB needs; a parser that trusts a declared size or count and
 * allocates for it passes it at once.
 */
export const PER_INPUT_RSS_BYTES = 64 * 1024 * 1024;

/** The time one call takes, in milliseconds, and how much the resident memory grew meanwhile, with its result. */
export async function timed<T>(run: () => T | Promise<T>): Promise<{ result: T; ms: number; rssGrowth: number }> {
  const rss = process.memoryUsage.rss();
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start, rssGrowth: process.memoryUsage.rss() - rss };
}
