import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { FUZZ_RUNS, FUZZ_SEED, mediaFixtures, mutated, PER_INPUT_MS, PER_INPUT_RSS_BYTES, timed } from "../../tests/support/mutations";
import { mediaDurationMs } from "./duration";

const files = [...(await mediaFixtures()).values()];
const AV_MIMES = ["video/mp4", "video/quicktime", "audio/mp4", "video/webm", "audio/webm", "audio/wav"];

describe("the duration of any bytes: no exception, a positive whole number or null, bounded time and memory", () => {
  test("mutations of every media fixture, read as each container", async () => {
    const input = fc.tuple(mutated(files), fc.constantFrom(...AV_MIMES));
    await fc.assert(
      fc.asyncProperty(input, async ([bytes, mime]) => {
        const { result, ms, rssGrowth } = await timed(() => mediaDurationMs(new Blob([bytes as Uint8Array<ArrayBuffer>]), mime));
        expect(ms).toBeLessThan(PER_INPUT_MS);
        expect(rssGrowth).toBeLessThan(PER_INPUT_RSS_BYTES);
        expect(result === null || (Number.isSafeInteger(result) && result > 0)).toBe(true);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS * 2 },
    );
  });
});
