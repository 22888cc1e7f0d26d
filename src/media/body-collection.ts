/**
 * Bun hands request bodies over in fresh 64 KiB buffers; left to itself the collector lets ~30–40 MB of them pile up
 * during a large upload. A full collection after every COLLECT_EVERY_BYTES of body (counted over all uploads at once,
 * so parallel uploads don't multiply the pauses) keeps a lone 1 GiB upload's peak RSS ~20 MB lower, for a pause of
 * ~10 ms each (bench/upload.ts, see BENCHMARKS.md).
 * It also runs while other uploads are in flight: skipping it then (or only asking for a concurrent collection,
 * Bun.gc(false)) left the collector's own collections to do the work, and with 300 phones (bench/show-night.ts) those
 * paused longer and let RSS grow more (BENCHMARKS.md, "Show night").
 */
const COLLECT_EVERY_BYTES = 64 * 1024 * 1024;
let bytesSinceCollect = 0;

/** Counts body bytes received by any streaming upload (multipart or tus), collecting after every COLLECT_EVERY_BYTES. */
export function countBodyBytes(bytes: number): void {
  bytesSinceCollect += bytes;
  if (bytesSinceCollect < COLLECT_EVERY_BYTES) return;
  bytesSinceCollect = 0;
  Bun.gc(true);
}
