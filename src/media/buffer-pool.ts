/** Buffers of this size are lent: a window of the multipart scanner, a photo's hashing. */
export const POOLED_BUFFER_BYTES = 256 * 1024;

/**
 * A buffer per upload for its whole life cost a crowd of 300 phones sending photos ~140 MiB of peak RSS
 * (bench/show-night.ts, BENCHMARKS.md): buffers are lent for one step at a time instead, and some kept for the next.
 * With 1 MiB buffers and 4 kept, 600 phones registering at once emptied the pool and each borrower's MiB waited for a
 * collection (peak 349–376 MiB against 237 before the scanner); 256 KiB and 16 kept: 275.8 MiB.
 */
const KEPT = 16;
const idle: Buffer[] = [];

/** Runs `use` with a lent buffer of POOLED_BUFFER_BYTES (its contents are whatever the last user left). */
export async function withPooledBuffer<T>(use: (buffer: Buffer) => Promise<T> | T): Promise<T> {
  const buffer = idle.pop() ?? Buffer.allocUnsafe(POOLED_BUFFER_BYTES);
  try {
    return await use(buffer);
  } finally {
    if (idle.length < KEPT) idle.push(buffer);
  }
}
