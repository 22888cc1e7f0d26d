import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { FUZZ_RUNS, FUZZ_SEED, mediaFixtures, mutated, PER_INPUT_MS, PER_INPUT_RSS_BYTES, timed } from "../../../tests/support/mutations";
import { sniffFile } from "../sniff";
import { photoCopy } from "../../../tests/support/photo-copy";
import { cameraJpeg, heifWithJpegItem } from "../../../tests/support/crafted-bytes";
import { jpegMetadataRanges } from "./jpeg-in-place";

const sniffedMime = async (bytes: Uint8Array) => (await sniffFile(new Blob([bytes as Uint8Array<ArrayBuffer>])))?.mime;

/** The photo fixtures, grouped by their sniffed type. */
const photos = new Map<string, Uint8Array[]>();
for (const bytes of (await mediaFixtures()).values()) {
  const mime = await sniffedMime(bytes);
  if (mime?.startsWith("image/")) photos.set(mime, [...(photos.get(mime) ?? []), bytes]);
}
photos.get("image/heic")!.push(heifWithJpegItem()); // a JPEG-coded item, cleaned in place

/**
 * What every walker must do on any input: return without throwing, in bounded time and memory, leave the input alone, and give
 * either nothing or a copy no larger than the input that re-parses to itself (and is still sniffed as the same type).
 */
async function stripsSafely(bytes: Uint8Array, mime: string) {
  const before = bytes.slice();
  const { result: copy, ms, rssGrowth } = await timed(() => photoCopy(bytes, mime));
  expect(ms).toBeLessThan(PER_INPUT_MS);
  expect(rssGrowth).toBeLessThan(PER_INPUT_RSS_BYTES);
  expect(bytes).toEqual(before);
  if (!copy) return;
  expect(copy.length).toBeLessThanOrEqual(bytes.length);
  expect(photoCopy(copy, mime)).toEqual(copy);
  if ((await sniffedMime(bytes)) === mime) expect(await sniffedMime(copy)).toBe(mime);
}

describe("photo walkers on hostile bytes", () => {
  test("there are fixtures of every type with a walker", () => {
    expect([...photos.keys()].sort()).toEqual(["image/gif", "image/heic", "image/jpeg", "image/png", "image/webp"]);
  });

  for (const [mime, files] of photos) {
    test(`${mime}: mutated photos (flip, cut, repeat, splice, boundary sizes)`, async () => {
      await fc.assert(fc.asyncProperty(mutated(files), (bytes) => stripsSafely(bytes, mime)), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS * 2 });
    });

    test(`${mime}: random bytes`, async () => {
      await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), (bytes) => stripsSafely(bytes, mime)), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS });
    });
  }

  test("a JPEG cleaned in place (Motion-JPEG frames, HEIF items): ranges inside, in order, apart; cleaning twice finds nothing", async () => {
    const jpegs = [...photos.get("image/jpeg")!, cameraJpeg(1)];
    await fc.assert(
      fc.asyncProperty(mutated(jpegs), async (bytes) => {
        const { result: ranges, ms } = await timed(() => jpegMetadataRanges(bytes));
        expect(ms).toBeLessThan(PER_INPUT_MS);
        if (!ranges) return;
        const cleaned = bytes.slice();
        let end = 0;
        for (const [from, to] of ranges) {
          expect(from).toBeGreaterThanOrEqual(end);
          expect(to).toBeLessThanOrEqual(bytes.length);
          cleaned.fill(0, from, to);
          end = to;
        }
        expect(jpegMetadataRanges(cleaned)).toEqual([]);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS },
    );
  });

  test("mutations that splice other formats' bytes into a photo", async () => {
    const all = [...photos.values()].flat();
    const pairs = fc.tuple(mutated(all), fc.constantFrom(...photos.keys()));
    await fc.assert(fc.asyncProperty(pairs, ([bytes, mime]) => stripsSafely(bytes, mime)), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS });
  });
});
