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
