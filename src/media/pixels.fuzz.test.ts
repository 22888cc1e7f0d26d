/** The declared-pixels reader on any bytes: a number or none, never an exception, in bounded time and memory. */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { FUZZ_RUNS, FUZZ_SEED, mediaFixtures, mutated, PER_INPUT_MS, PER_INPUT_RSS_BYTES, timed } from "../../tests/support/mutations";
import { declaredPixels } from "./pixels";

const MIMES = ["image/png", "image/gif", "image/webp", "image/jpeg", "image/heic", "image/heif"] as const;
const files = [...(await mediaFixtures()).values()];

async function readsSafely(bytes: Uint8Array, mime: string) {
  const { result, ms, rssGrowth } = await timed(() => declaredPixels(new Blob([bytes as Uint8Array<ArrayBuffer>]), mime));
  expect(ms).toBeLessThan(PER_INPUT_MS);
  expect(rssGrowth).toBeLessThan(PER_INPUT_RSS_BYTES);
  expect(result === undefined || (Number.isFinite(result) && result >= 0)).toBe(true);
}

describe("declared pixels of any bytes, as any photo type", () => {
  test("random bytes", async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom(...MIMES), readsSafely), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS });
  });

  test("mutations of every media fixture", async () => {
    await fc.assert(fc.asyncProperty(mutated(files), fc.constantFrom(...MIMES), readsSafely), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS * 2 });
  });
});
