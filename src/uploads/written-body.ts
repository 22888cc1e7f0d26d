import { RECHECK_EVERY_BYTES, sizeOf } from "./body-size";
import { stalled } from "./stall-guard";

/** How often a body being written is looked at (its size, for the stall limit, the lease and the disk). */
const LOOK_EVERY_MS = 1000;

export type WrittenBodyGuards = {
  /** A body growing by fewer than minBytesPerWindow in this long is refused with 408 (see stallGuard). */
  stallMs: number;
  minBytesPerWindow: number;
  /** The most bytes the body may still bring: the disk is asked for the room the rest needs. */
  maxBytes: number;
  /** Throws (507) when the disk would run low with `remaining` more bytes; called every RECHECK_EVERY_BYTES. */
  checkDisk(remaining: number): Promise<void>;
  /** Called at every look with the body's size (a tus upload renews its lease here); may refuse by throwing. */
  looked?(size: number): Promise<void>;
};

/**
 * Watches a file the runtime is writing a request body into (`Bun.write(file, request)`: the bytes never pass through
 * JavaScript), looking at its size every LOOK_EVERY_MS: too few bytes in a stall window, a filling disk or a refusal of
 * `looked` settles `refused` (raced by the caller, whose answer closes the connection and so ends the write). Call
 * stop() once the write has ended.
 */
export function watchWrittenBody(file: string, guards: WrittenBodyGuards): { refused: Promise<never>; stop(): void } {
  const refusal = Promise.withResolvers<never>();
  refusal.promise.catch(() => {}); // raced by the caller; a body that ends well never settles it
  let refusedYet = false;
  let window = { size: 0, at: Date.now() };
  let nextDiskCheck = RECHECK_EVERY_BYTES;
  let looking = false;
  const look = setInterval(async () => {
    if (looking || refusedYet) return;
    looking = true;
    try {
      const size = await sizeOf(file);
      if (Date.now() - window.at >= guards.stallMs) {
        if (size - window.size < guards.minBytesPerWindow) throw stalled();
        window = { size, at: Date.now() };
      }
      await guards.looked?.(size);
      if (size >= nextDiskCheck) {
        nextDiskCheck = size + RECHECK_EVERY_BYTES;
        await guards.checkDisk(guards.maxBytes - size);
      }
    } catch (error) {
      refusedYet = true;
      refusal.reject(error);
    } finally {
      looking = false;
    }
  }, Math.min(LOOK_EVERY_MS, guards.stallMs / 4));
  return { refused: refusal.promise, stop: () => clearInterval(look) };
}
