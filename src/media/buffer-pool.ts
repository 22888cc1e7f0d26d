/** Buffers of this size are lent: a window of the multipart scanner, a photo's hashing. */
export const POOLED_BUFFER_BYTES = 256 * 1024;

/**
 * A buffer per upload for its whole life cost a crowd of 300 phones sending photos ~140 MiB of peak RSS
 * (bench/show-night.ts, BENCHMARKS.md): buffers are lent for one step at a time instead (a read of the scanner, a
 * photo's hashing; none borrows while it holds one). At most POOL_SIZE exist, kept between steps: a step that finds
 * them all lent waits its turn. Unbounded (a fresh buffer whenever the pool was empty), 600 phones registering at
 * once held 349–376 MiB at peak with 1 MiB buffers, 275.8 with 256 KiB, against 237 before the scanner.
 */
const POOL_SIZE = 16;
const idle: Buffer[] = [];
let made = 0;
const waiting: ((buffer: Buffer) => void)[] = [];

function borrow(): Buffer | Promise<Buffer> {
  const buffer = idle.pop();
  if (buffer) return buffer;
  if (made < POOL_SIZE) {
    made++;
    return Buffer.allocUnsafe(POOLED_BUFFER_BYTES);
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function giveBack(buffer: Buffer): void {
  const next = waiting.shift();
  if (next) next(buffer);
  else idle.push(buffer);
}

/** Runs `use` with a lent buffer of POOLED_BUFFER_BYTES (its contents are whatever the last user left). */
export async function withPooledBuffer<T>(use: (buffer: Buffer) => Promise<T> | T): Promise<T> {
  const buffer = await borrow();
  try {
    return await use(buffer);
  } finally {
    giveBack(buffer);
  }
}
