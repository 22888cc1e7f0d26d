/**
 * A resumed upload's piece joined into its file: the kernel's copy (glibc) and the copy through memory (where libc
 * cannot be opened, e.g. a musl build) leave the same bytes, for pieces smaller and larger than the buffer, at any
 * offset; and a piece shorter than announced fails rather than leaving a file that looks complete. Likewise a file
 * part copied out of a multipart body on disk (copyRange): exactly its bytes, whatever follows it in the body.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtemp, rm, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyAt, copyRange, copyThroughMemory } from "./kernel-copy";

const dir = await mkdtemp(path.join(tmpdir(), "casefile-kernel-copy-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const randomBytes = (length: number) => {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 65_536) crypto.getRandomValues(bytes.subarray(at, Math.min(length, at + 65_536)));
  return bytes;
};

const MIB = 1024 * 1024;

for (const [offset, pieceBytes] of [
  [1, 1],
  [4096, 100_000],
  [3 * MIB + 17, MIB],
  [5_000_001, 2 * MIB + 333],
] as const) {
  test(`a ${pieceBytes}-byte piece at byte ${offset}: both copies leave the upload's first bytes and then the piece`, async () => {
    const upload = randomBytes(offset + 4096); // bytes past offset were never acknowledged: the join truncates them
    const piece = randomBytes(pieceBytes);
    const piecePath = path.join(dir, `piece-${offset}`);
    await Bun.write(piecePath, piece);
    const results = [];
    for (const [name, copy] of [["kernel", copyAt], ["memory", copyThroughMemory]] as const) {
      const target = path.join(dir, `${name}-${offset}.bin`);
      await Bun.write(target, upload);
      await truncate(target, offset);
      await copy(piecePath, target, offset, pieceBytes);
      results.push(new Uint8Array(await Bun.file(target).arrayBuffer()));
    }
    const expected = new Uint8Array(offset + pieceBytes);
    expected.set(upload.subarray(0, offset));
    expected.set(piece, offset);
    expect(Bun.hash(results[0]!)).toBe(Bun.hash(expected));
    expect(Bun.hash(results[1]!)).toBe(Bun.hash(expected));
    expect(results.map((bytes) => bytes.length)).toEqual([offset + pieceBytes, offset + pieceBytes]);
  });
}

test("a piece shorter than announced fails both ways", async () => {
  const piecePath = path.join(dir, "short-piece");
  await Bun.write(piecePath, randomBytes(1000));
  for (const copy of [copyAt, copyThroughMemory]) {
    const target = path.join(dir, `short-${copy.name}.bin`);
    await Bun.write(target, randomBytes(10));
    await expect(copy(piecePath, target, 10, 2000)).rejects.toThrow(/1000 of 2000|ended at 1000 of 2000/);
  }
});

for (const [start, length] of [
  [0, 0],
  [1, 1],
  [300, 100_000],
  [3 * MIB + 17, MIB],
  [5_000_001, 2 * MIB + 333],
] as const) {
  test(`${length} bytes from byte ${start} of a body: both copies leave exactly them, not what follows`, async () => {
    const body = randomBytes(start + length + 777);
    const bodyPath = path.join(dir, `body-${start}`);
    await Bun.write(bodyPath, body);
    const results = [];
    for (const [name, copy] of [
      ["kernel", () => copyRange(bodyPath, start, length, path.join(dir, `range-kernel-${start}`))],
      ["memory", async () => {
        await Bun.write(path.join(dir, `range-memory-${start}`), "");
        await copyThroughMemory(bodyPath, path.join(dir, `range-memory-${start}`), 0, length, start);
      }],
    ] as const) {
      await copy();
      results.push(new Uint8Array(await Bun.file(path.join(dir, `range-${name}-${start}`)).arrayBuffer()));
    }
    const expected = body.subarray(start, start + length);
    expect(results.map((bytes) => bytes.length)).toEqual([length, length]);
    expect(Bun.hash(results[0]!)).toBe(Bun.hash(expected));
    expect(Bun.hash(results[1]!)).toBe(Bun.hash(expected));
  });
}

test("a range past the body's end fails rather than leaving a short part", async () => {
  const bodyPath = path.join(dir, "short-body");
  await Bun.write(bodyPath, randomBytes(1000));
  await expect(copyRange(bodyPath, 900, 200, path.join(dir, "short-range"))).rejects.toThrow(/copied 100 of 200/);
});
