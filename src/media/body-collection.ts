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

/**
 * Body bytes one reader handles before it lets the event loop run. Chunks already buffered come as reads that are
 * resolved at once, one after the other, so a 25 MB body arriving at loopback speed was handled in one go and held
 * every other request 30–50 ms (bench/hostile.ts); a turn every MiB bounds that to ~10 ms.
 */
const TURN_EVERY_BYTES = 1024 * 1024;

/**
 * What a body read through JavaScript (a chunked multipart body; tus on S3 or chunked) calls with each chunk: counts it for the collections above,
 * and every TURN_EVERY_BYTES of this body resolves only after a turn of the event loop (other requests run).
 */
export function bodyCounter(): (bytes: number) => Promise<void> | undefined {
  let sinceTurn = 0;
  return (bytes) => {
    bytesSinceCollect += bytes;
    if (bytesSinceCollect >= COLLECT_EVERY_BYTES) {
      bytesSinceCollect = 0;
      Bun.gc(true);
    }
    sinceTurn += bytes;
    if (sinceTurn < TURN_EVERY_BYTES) return undefined;
    sinceTurn = 0;
    return new Promise<void>((go) => setImmediate(go));
  };
}
