import { open } from "node:fs/promises";

export type FileDigest = { size: number; sha256: string };

/** Bytes read at a time: large enough that reading and hashing a file takes few trips, small enough to hold per call. */
const READ_BYTES = 1024 * 1024;

/**
 * A whole file's size and SHA-256, read into one buffer that every read reuses: the file's bytes never become
 * garbage (a stream's fresh buffer per chunk cost a crowd's finalises a third of the request thread, mostly page
 * faults of new memory; BENCHMARKS.md, issue 22's seventh round). Never the whole file in memory.
 */
export async function digestFile(filePath: string): Promise<FileDigest> {
  const hasher = new Bun.CryptoHasher("sha256");
  const buffer = new Uint8Array(READ_BYTES);
  const handle = await open(filePath, "r");
  let size = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, size);
      if (bytesRead === 0) break;
      hasher.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return { size, sha256: hasher.digest("hex") };
}
