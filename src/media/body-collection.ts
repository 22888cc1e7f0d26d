/**
 * Bun hands request bodies over in fresh 64 KiB buffers; left to itself the collector lets ~30–40 MB of them pile up
 * during a large upload. A full collection after every COLLECT_EVERY_BYTES of body (counted over all uploads at once,
 * so parallel uploads don't multiply the pauses) keeps a lone 1 GiB upload's peak RSS ~20 MB lower, for a pause of
 * ~10 ms each (bench/upload.ts, see BENCHMARKS.md).
 * With other uploads in flight a synchronous full collection stops every one of them and every other request (under
 * a crowd of slow phones: up to 800 ms each, bench/show-night.ts), so then none is forced: the collector's own
 * timing reclaims the chunks. (Asking for a concurrent one, Bun.gc(false), measured worse on both RSS and the
 * admin's p99 with 100 phones: its marking competes for the same two cores.)
 */
const COLLECT_EVERY_BYTES = 64 * 1024 * 1024;
let bytesSinceCollect = 0;
let uploadsInFlight = 0;

/** Counts body bytes received by any streaming upload (multipart or tus), collecting after every COLLECT_EVERY_BYTES. */
export function countBodyBytes(bytes: number): void {
  bytesSinceCollect += bytes;
  if (bytesSinceCollect < COLLECT_EVERY_BYTES) return;
  bytesSinceCollect = 0;
  if (uploadsInFlight <= 1) Bun.gc(true);
}

/** Marks an upload body as being received; call the returned function (any number of times) when it is over. */
export function uploadInFlight(): () => void {
  uploadsInFlight++;
  let over = false;
  return () => {
    if (over) return;
    over = true;
    uploadsInFlight--;
  };
}
