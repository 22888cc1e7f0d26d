import { sizeOf } from "../uploads/body-size";
import { POOLED_BUFFER_BYTES } from "./buffer-pool";
import type { BodyOnDisk } from "./multipart-scan";

/**
 * How much of a body is in its file so far, for the scanner that reads it as it arrives: told by whoever writes it
 * (after each chunk, or at each look at a file the runtime writes), ended with its final size, or failed.
 */
export class ArrivingBody implements BodyOnDisk {
  private size = 0;
  private ended = false;
  private failure: unknown;
  private waiting: { bytes: number; resolve: (size: number) => void; reject: (error: unknown) => void }[] = [];

  reach(bytes: number): Promise<number> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.size >= bytes || this.ended) return Promise.resolve(this.size);
    return new Promise((resolve, reject) => this.waiting.push({ bytes, resolve, reject }));
  }

  grew(size: number): void {
    this.size = Math.max(this.size, size);
    this.settle();
  }

  end(size: number): void {
    this.size = size;
    this.ended = true;
    this.settle();
  }

  fail(error: unknown): void {
    if (this.failure !== undefined || this.ended) return;
    this.failure = error ?? new Error("the body failed");
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure);
  }

  private settle(): void {
    this.waiting = this.waiting.filter((waiter) => {
      if (this.size < waiter.bytes && !this.ended) return true;
      waiter.resolve(this.size);
      return false;
    });
  }
}

/** How soon a body the runtime writes is looked at again, for the scanner: at most this often… */
const SOONEST_LOOK_MS = 50;
/** …and at least this often (the stall guard's own look is every second too). */
const LATEST_LOOK_MS = 1000;
/** The first bytes of a body, where its first parts' headers are, are looked at for every window that arrives… */
const LOOKED_AT_SOON_UP_TO_BYTES = 16 * 1024 * 1024;
/** …the rest for every few MiB, which a step of the part's extraction on the media thread then copies. */
const EXTRACTED_BYTES_PER_LOOK = 8 * 1024 * 1024;

/**
 * Tells the scanner how much of a body of `declared` bytes the runtime has written to `file` (`Bun.write(file,
 * request)`), looking again in the time a window (256 KiB) takes to arrive at the rate so far over its first 16 MiB,
 * then in the time 8 MiB take (50 ms–1 s; twice as long as before while nothing arrives): a fast sender's unwanted
 * first part is refused after a few MB, not at the end of its declared length, a fast gigabyte's part is copied as it
 * arrives, and slow phones are looked at once a second each.
 *
 * Only a file shorter than the body is shown. A body that streams in is appended in order, so every byte below the
 * file's size is written; but a body the runtime already holds whole is written from a thread of its pool, which
 * first extends the file to the body's length (fallocate) and then writes: for that moment the file has its full size
 * and reads as zeros (seen with strace; the scan took a form's first field for preamble). The whole body is shown
 * once the write has ended (ArrivingBody.end, by the caller).
 */
export async function showArrivals(file: string, declared: number, arriving: ArrivingBody, writing: () => boolean): Promise<void> {
  let last = { size: 0, at: performance.now() };
  let wait = SOONEST_LOOK_MS / 2;
  while (writing()) {
    const size = await sizeOf(file);
    const now = performance.now();
    if (size < declared) arriving.grew(size);
    const bytesPerMs = (size - last.size) / Math.max(1, now - last.at);
    last = { size, at: now };
    // Nothing new: twice as long as last time (a body that has not started yet is looked at soon).
    const bytesPerLook = size > LOOKED_AT_SOON_UP_TO_BYTES ? EXTRACTED_BYTES_PER_LOOK : POOLED_BUFFER_BYTES;
    const soon = bytesPerMs > 0 ? bytesPerLook / bytesPerMs : wait * 2;
    wait = Math.min(LATEST_LOOK_MS, Math.max(SOONEST_LOOK_MS, soon));
    await Bun.sleep(wait);
  }
}
