/**
 * A diagnostic preload for the server under bench/show-night.ts --probe (`bun --preload bench/lib/server-probe.ts
 * src/main.ts serve`): writes to PROBE_OUT, one JSON line each, every event-loop stall over 40 ms, every explicit
 * Bun.gc(true) and its duration, and every 2 s the heap's size and its largest object types. Not part of the
 * server; it only watches.
 */
import { heapStats } from "bun:jsc";
import { appendFileSync } from "node:fs";

const out = process.env.PROBE_OUT!;
const t0 = performance.now();
const log = (entry: Record<string, unknown>) => appendFileSync(out, `${JSON.stringify({ t: Math.round(performance.now() - t0), ...entry })}\n`);

const gc = Bun.gc;
Bun.gc = (force?: boolean) => {
  const started = performance.now();
  const result = gc(force);
  log({ gc: Math.round((performance.now() - started) * 10) / 10 });
  return result;
};

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - last > 50) log({ stall: Math.round(now - last - 10) });
  last = now;
}, 10).unref();

setInterval(() => {
  const started = performance.now();
  const stats = heapStats();
  const top = Object.entries(stats.objectTypeCounts)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 6);
  const mem = process.memoryUsage();
  log({ heapMiB: Math.round(stats.heapSize / 1048576), extraMiB: Math.round(stats.extraMemorySize / 1048576), rssMiB: Math.round(mem.rss / 1048576), abMiB: Math.round(mem.arrayBuffers / 1048576), objects: stats.objectCount, top, statsMs: Math.round(performance.now() - started) });
  last = performance.now(); // the heap walk above is the probe's own pause, not the server's
}, 2000).unref();
