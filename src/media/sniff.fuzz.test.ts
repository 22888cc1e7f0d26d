import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { be, ftyp, latin1 } from "../../tests/support/crafted-bytes";
import { FUZZ_RUNS, FUZZ_SEED, mediaFixtures, mutated, PER_INPUT_MS, PER_INPUT_RSS_BYTES, timed } from "../../tests/support/mutations";
import { concat } from "./bytes";
import { sniffFile } from "./sniff";

const KINDS = new Set(["image", "video", "audio"]);
const files = [...(await mediaFixtures()).values()];

/** Starts that lead the sniffer into its deeper walks (EBML, ISO boxes, RIFF, Ogg), followed by random bytes. */
const MAGIC = [
  new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
  ftyp("isom"),
  ftyp("qt  "),
  ftyp("heic"),
  concat([latin1("RIFF"), be(0, 4), latin1("WEBP")]),
  latin1("OggS"),
];

async function sniffsSafely(bytes: Uint8Array) {
  const { result, ms, rssGrowth } = await timed(() => sniffFile(new Blob([bytes as Uint8Array<ArrayBuffer>])));
  expect(ms).toBeLessThan(PER_INPUT_MS);
  expect(rssGrowth).toBeLessThan(PER_INPUT_RSS_BYTES);
  expect(result === undefined || (KINDS.has(result.kind) && typeof result.mime === "string")).toBe(true);
}

describe("sniffing any bytes: no exception, a valid answer or none, bounded time and memory", () => {
  test("random bytes, bare or after a magic start", async () => {
    const prefixed = fc.tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 4096 })).map(([magic, rest]) => concat([magic, rest]));
    await fc.assert(fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 4096 }), prefixed), sniffsSafely), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS });
  });

  test("mutations of every media fixture (flip, cut, repeat, splice, boundary sizes)", async () => {
    await fc.assert(fc.asyncProperty(mutated(files), sniffsSafely), { seed: FUZZ_SEED, numRuns: FUZZ_RUNS * 3 });
  });
});
