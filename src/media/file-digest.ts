import { closeSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";

export type FileDigest = { size: number; sha256: string };
/** `length` bytes from `start` of a file (a part of a multipart body on disk). */
export type ByteRange = { start: number; length: number };

/** Bytes read at a time: large enough that reading and hashing a file takes few trips, small enough to hold per call. */
const READ_BYTES = 1024 * 1024;

/**
 * A whole file's size and SHA-256 (or a range's; `buffer` may be lent by the caller), read into one buffer that every read reuses: the file's bytes never become
 * garbage (a stream's fresh buffer per chunk cost a crowd's finalises a third of the request thread, mostly page
 * faults of new memory; BENCHMARKS.md, issue 22's seventh round). Never the whole file in memory.
 */
export async function digestFile(
  filePath: string,
  range: ByteRange = { start: 0, length: Number.MAX_SAFE_INTEGER },
  buffer: Uint8Array = new Uint8Array(READ_BYTES),
): Promise<FileDigest> {
  const { start, length } = range;
  const hasher = new Bun.CryptoHasher("sha256");
  const handle = await open(filePath, "r");
  let size = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, length - size), start + size);
      if (bytesRead === 0) break;
      hasher.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return { size, sha256: hasher.digest("hex") };
}

/**
 * The media thread's buffer for digestFileSync (it does one task at a time), 256 KiB: reading and hashing in steps
 * that stay in the core's cache (BENCHMARKS.md, issue 22's thirteenth round).
 */
let threadBuffer: Uint8Array | undefined;

/**
 * digestFile, blocking, for the media thread: a read it awaits costs more than it blocks there (1 GiB read and hashed
 * in 0.82 s against 1.04 s).
 */
export function digestFileSync(filePath: string, { start, length }: ByteRange = { start: 0, length: Number.MAX_SAFE_INTEGER }): FileDigest {
  const buffer = (threadBuffer ??= new Uint8Array(256 * 1024));
  const hasher = new Bun.CryptoHasher("sha256");
  const file = openSync(filePath, "r");
  let size = 0;
  try {
    for (;;) {
      const read = readSync(file, buffer, 0, Math.min(buffer.length, length - size), start + size);
      if (read === 0) break;
      hasher.update(buffer.subarray(0, read));
      size += read;
    }
  } finally {
    closeSync(file);
  }
  return { size, sha256: hasher.digest("hex") };
}
