/**
 * The patched copy written on the media thread is the file with its patches applied, byte for byte — the kernel's
 * copy between patches, zeroed stretches left unwritten, patches close together read and written as pieces — and
 * nothing is written when the file is already clean. A zeroed stretch takes no room on the disk.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { FUZZ_RUNS } from "../../../tests/support/mutations";
import { checkedPatches, patchChunk, type Patch } from "./patch";
import { packPatches, unpackPatches, writePatchedCopySync } from "./patched-copy";

const dir = await mkdtemp(path.join(tmpdir(), "casefile-patched-copy-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const MIB = 1024 * 1024;
let counter = 0;

/** Random bytes with runs of zeros (so some patches change nothing). */
function fileBytes(length: number, zeroRuns: [number, number][]): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(length, at + 65536)));
  for (const [at, run] of zeroRuns) bytes.fill(0, Math.min(at, length), Math.min(at + run, length));
  return bytes;
}

/** Patches from gaps and lengths: close together, far apart, short, longer than a piece; zeros or bytes. */
const plans = fc.array(
  fc.record({ gap: fc.oneof(fc.nat({ max: 64 }), fc.nat({ max: 3 * MIB })), length: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 2 * MIB })), zeros: fc.boolean() }),
  { maxLength: 12 },
);

function patchesOf(plan: { gap: number; length: number; zeros: boolean }[], size: number): Patch[] {
  const patches: Patch[] = [];
  let at = 0;
  for (const { gap, length, zeros } of plan) {
    if (at + gap + length > size) break;
    patches.push(zeros ? { at: at + gap, length } : { at: at + gap, length, bytes: fileBytes(length, []) });
    at += gap + length;
  }
  return checkedPatches(unpackPatches(packPatches(patches)), size);
}

test("the copy is the file with its patches applied; a clean file gets no copy", async () => {
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: 6 * MIB }), plans, fc.array(fc.tuple(fc.nat({ max: 6 * MIB }), fc.nat({ max: 3 * MIB })), { maxLength: 3 }), async (size, plan, zeroRuns) => {
      const original = fileBytes(size, zeroRuns);
      const patches = patchesOf(plan, size);
      const source = path.join(dir, `${++counter}.src`);
      const target = path.join(dir, `${counter}.copy`);
      await writeFile(source, original);
      const wanted = original.slice();
      const { changed } = patchChunk(wanted, 0, patches, 0);
      expect(writePatchedCopySync(source, target, patches)).toBe(changed);
      if (changed) expect(Buffer.from(await readFile(target)).equals(wanted)).toBe(true);
      else expect(await Bun.file(target).exists()).toBe(false);
      await Promise.all([rm(source), rm(target, { force: true })]);
    }),
    { numRuns: Math.max(40, Math.ceil(FUZZ_RUNS / 5)) },
  );
}, 120_000);

test("a zeroed stretch of 64 MiB is left unwritten: the copy takes the room of what it keeps", async () => {
  const size = 64 * MIB + 4096;
  const source = path.join(dir, "padded.src");
  const target = path.join(dir, "padded.copy");
  const original = fileBytes(size, []);
  await writeFile(source, original);
  expect(writePatchedCopySync(source, target, [{ at: 0, length: 8, bytes: new Uint8Array(8) }, { at: 4096, length: 64 * MIB }])).toBe(true);
  const copy = await readFile(target);
  expect(copy.length).toBe(size);
  expect(copy.subarray(4096).every((b) => b === 0)).toBe(true);
  expect(Buffer.from(copy.subarray(8, 4096)).equals(original.subarray(8, 4096))).toBe(true);
  expect((await stat(target)).blocks * 512).toBeLessThan(MIB);
});
