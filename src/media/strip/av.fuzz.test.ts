import { describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { box, concat, dataTrack, ebmlHeader, movieOfFrames, mp4, oggPage, opusHead, text, track, wav } from "../../../tests/support/av-bytes";
import { cameraJpeg } from "../../../tests/support/crafted-bytes";
import { FIXTURES } from "../../../tests/support/client";
import { HOSTILE_AV } from "../../../tests/support/hostile-av";
import { FUZZ_RUNS as RUNS, PER_INPUT_RSS_BYTES, timed } from "../../../tests/support/mutations";
import { planAvStrip } from "./av";
import { patchChunk, type Patch } from "./patch";

const SEED = 7;
/** Generous: a few KB take well under a millisecond; this only catches loops and blow-ups. */
const PER_INPUT_MS = 1000;

type Sample = { mime: string; bytes: Uint8Array<ArrayBuffer> };

const fixture = async (name: string, mime: string): Promise<Sample> => ({ mime, bytes: new Uint8Array(await readFile(path.join(FIXTURES, "gps", name))) });
const SAMPLES: Sample[] = await Promise.all([
  fixture("gps.mp4", "video/mp4"), fixture("gps-subtitles.mp4", "video/mp4"), fixture("gps.mov", "video/quicktime"), fixture("gps.m4a", "audio/mp4"),
  fixture("gps.webm", "video/webm"), fixture("gps.mkv", "video/webm"), fixture("gps.mp3", "audio/mpeg"),
  fixture("gps.wav", "audio/wav"), fixture("gps.opus.ogg", "audio/ogg"), fixture("gps.vorbis.ogg", "audio/ogg"),
]);
// Motion-JPEG: frames cleaned one by one (two fields in the second frame, as Motion-JPEG A has them).
SAMPLES.push({ mime: "video/quicktime", bytes: movieOfFrames([cameraJpeg(1), concat(cameraJpeg(2), cameraJpeg(3)), cameraJpeg(4)], "mjpa") });

/** Starts that lead each walker past its first check, to be followed by random bytes. */
const STARTS: Sample[] = [
  { mime: "video/mp4", bytes: mp4().subarray(0, 40) },
  { mime: "video/webm", bytes: concat(ebmlHeader(), Uint8Array.of(0x18, 0x53, 0x80, 0x67, 0xff)) },
  { mime: "audio/mpeg", bytes: concat(text("ID3"), Uint8Array.of(3, 0, 0, 0, 0, 0, 0)) },
  { mime: "audio/aac", bytes: Uint8Array.of(0xff, 0xf1, 0x50, 0x80) },
  { mime: "audio/wav", bytes: wav().subarray(0, 12) },
  { mime: "audio/ogg", bytes: oggPage([19], opusHead(), { flags: 2 }) },
];

const BOUNDARY_U32 = [0, 1, 7, 8, 9, 16, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0xffffffff];

/** A fixture changed the way a fuzzer would: bits flipped, cut short, a slice repeated, a size set to an edge value. */
const mutated = fc
  .tuple(fc.constantFrom(...SAMPLES), fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 0, max: 3 }), fc.nat()), { minLength: 1, maxLength: 4 }))
  .map(([sample, edits]) => {
    let bytes = sample.bytes.slice();
    for (const [position, length, kind, value] of edits) {
      const at = position % bytes.length;
      if (kind === 0) bytes[at] = bytes[at]! ^ (1 << value % 8);
      else if (kind === 1) bytes = bytes.slice(0, at);
      else if (kind === 2) bytes = concat(bytes.subarray(0, at), bytes.subarray(at, at + (length % 512)), bytes.subarray(at));
      else if (at + 4 <= bytes.length) new DataView(bytes.buffer).setUint32(at, BOUNDARY_U32[value % BOUNDARY_U32.length]!);
      if (bytes.length === 0) break;
    }
    return { mime: sample.mime, bytes };
  });

const randomAfterStart = fc
  .tuple(fc.constantFrom(...STARTS), fc.uint8Array({ maxLength: 4096 }))
  .map(([start, rest]) => ({ mime: start.mime, bytes: concat(start.bytes, rest) }));

const apply = (bytes: Uint8Array<ArrayBuffer>, patches: Patch[]) => {
  const copy = bytes.slice();
  patchChunk(copy, 0, patches, 0);
  return copy;
};

/** Never throws, finishes in bounded time and memory; patches are inside the file and in order; the copy keeps the length and stripping it again changes nothing. */
async function stripsSafely({ mime, bytes }: Sample): Promise<void> {
  const { result: patches, ms, rssGrowth } = await timed(() => planAvStrip(new Blob([bytes]), mime));
  expect(ms).toBeLessThan(PER_INPUT_MS);
  expect(rssGrowth).toBeLessThan(PER_INPUT_RSS_BYTES);
  if (!patches) return;
  let end = 0;
  for (const p of patches) {
    expect(p.at).toBeGreaterThanOrEqual(end);
    expect(p.at + p.length).toBeLessThanOrEqual(bytes.length);
    end = p.at + p.length;
  }
  const copy = apply(bytes, patches);
  expect(copy.length).toBe(bytes.length);
  const again = await planAvStrip(new Blob([copy]), mime);
  expect(again).toBeDefined();
  expect(apply(copy, again!)).toEqual(copy);
}

describe("video and audio strippers on any bytes", () => {
  test("mutations of every fixture", async () => {
    await fc.assert(fc.asyncProperty(mutated, stripsSafely), { seed: SEED, numRuns: RUNS * 3 });
  });

  test("random bytes after each container's start, and bare", async () => {
    const bare = fc.tuple(fc.constantFrom(...STARTS.map((s) => s.mime)), fc.uint8Array({ maxLength: 4096 })).map(([mime, bytes]) => ({ mime, bytes }));
    await fc.assert(fc.asyncProperty(fc.oneof(randomAfterStart, bare), stripsSafely), { seed: SEED, numRuns: RUNS * 3 });
  });

  test("chunk tables of any shape (out of order, overlapping, empty chunks): every byte of a dropped track's samples is zeroed", async () => {
    const MDAT = 4096;
    const chunk = fc.record({ at: fc.nat({ max: MDAT - 1 }), sizes: fc.array(fc.nat({ max: 64 }), { maxLength: 8 }) });
    const tables = fc.array(chunk, { maxLength: 300 });
    await fc.assert(
      fc.asyncProperty(tables, async (relative) => {
        const build = (base: number) => {
          const chunks = relative.map((c) => ({ at: base + c.at, sizes: c.sizes.map((s) => Math.min(s, MDAT - c.at)) }));
          return { chunks, bytes: mp4({ tracks: [track("vide"), dataTrack("text", chunks)], top: [box("mdat", new Uint8Array(MDAT).fill(0x2b))] }) };
        };
        const probe = build(0).bytes;
        const { chunks, bytes } = build(probe.length - MDAT);
        await stripsSafely({ mime: "video/mp4", bytes });
        const patches = await planAvStrip(new Blob([bytes]), "video/mp4");
        if (!patches) return; // withheld (a chunk past the mdat)
        const copy = apply(bytes, patches);
        for (const c of chunks) {
          const length = c.sizes.reduce((n, s) => n + s, 0);
          if (c.at + length <= bytes.length) expect(copy.subarray(c.at, c.at + length).every((byte) => byte === 0)).toBe(true);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  test("the hostile inputs for bench/hostile.ts stay inside the caps: walked to the end, in bounded time", async () => {
    for (const { mime, build } of Object.values(HOSTILE_AV)) {
      const bytes = build();
      const { result: patches, ms, rssGrowth } = await timed(() => planAvStrip(new Blob([bytes]), mime));
      expect(ms).toBeLessThan(10 * PER_INPUT_MS);
      expect(rssGrowth).toBeLessThan(PER_INPUT_RSS_BYTES);
      expect(patches).toBeDefined();
    }
  }, 30_000); // building the inputs alone takes seconds
});
