/**
 * Shared helpers for the bench scripts: start children on loopback, wait for them, sample their RSS.
 * Every wait here is bounded in count and time.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Subprocess } from "bun";

export const ROOT = path.resolve(import.meta.dir, "..", "..");
export const BUN = process.execPath; // the bench runs under node_modules/.bin/bun; children use the same binary

export async function tempDir(label: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `casefile-bench-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A port the OS says is free right now (loopback only). */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
  const port = probe.port;
  probe.stop(true);
  return port!;
}

export type Child = { proc: Subprocess; pid: number; url: string; stop(): Promise<void> };

/** Spawns `bun <script>` and polls `readyPath` until it answers (at most `tries` × 100 ms). */
export async function startChild(opts: {
  script: string;
  args?: string[];
  /** Flags for bun itself, before the script (e.g. --cpu-prof). */
  bunArgs?: string[];
  env: Record<string, string>;
  port: number;
  readyPath: string;
  tries?: number;
  quiet?: boolean;
}): Promise<Child> {
  const proc = Bun.spawn([BUN, ...(opts.bunArgs ?? []), opts.script, ...(opts.args ?? [])], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, PORT: String(opts.port), HOST: "127.0.0.1" },
    stdout: process.env.BENCH_CHILD_STDOUT ? "inherit" : "ignore",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill("SIGTERM");
    const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
    if (!exited) proc.kill("SIGKILL");
    await Promise.race([proc.exited, Bun.sleep(2000)]);
  };
  const tries = opts.tries ?? 150;
  for (let i = 0; i < tries; i++) {
    if (proc.exitCode !== null) throw new Error(`${opts.script} exited early with ${proc.exitCode}`);
    try {
      const res = await fetch(url + opts.readyPath, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) return { proc, pid: proc.pid, url, stop };
    } catch {}
    await Bun.sleep(100);
  }
  await stop();
  throw new Error(`${opts.script} did not answer ${opts.readyPath} within ${tries * 100} ms`);
}

/** Reads VmRSS of a pid in KiB (undefined once the process is gone). */
export async function rssKiB(pid: number): Promise<number | undefined> {
  try {
    const status = await Bun.file(`/proc/${pid}/status`).text();
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

export type RssReport = { peakMiB: number; startMiB: number; samples: number; maxGapMs: number };

/**
 * Samples a pid's RSS every `intervalMs` in a separate thread-free timer loop; stop() returns the peak.
 * Bounded by `maxSeconds` even if stop() is never called.
 */
export function sampleRss(pid: number, intervalMs = 50, maxSeconds = 900) {
  let peak = 0;
  let start = -1;
  let samples = 0;
  let last = performance.now();
  let maxGap = 0;
  let running = true;
  const deadline = performance.now() + maxSeconds * 1000;
  const done = (async () => {
    const maxSamples = Math.ceil((maxSeconds * 1000) / intervalMs) + 10;
    for (let i = 0; i < maxSamples && running && performance.now() < deadline; i++) {
      const kib = await rssKiB(pid);
      const now = performance.now();
      if (samples > 0) maxGap = Math.max(maxGap, now - last);
      last = now;
      if (kib === undefined) break;
      if (start < 0) start = kib;
      peak = Math.max(peak, kib);
      samples++;
      await Bun.sleep(intervalMs);
    }
  })();
  return {
    async stop(): Promise<RssReport> {
      running = false;
      await done;
      return { peakMiB: peak / 1024, startMiB: Math.max(start, 0) / 1024, samples, maxGapMs: maxGap };
    },
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** CPU seconds (user + system, all threads) a process has used so far. */
export async function cpuSeconds(pid: number): Promise<number> {
  try {
    const fields = (await Bun.file(`/proc/${pid}/stat`).text()).split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in USER_HZ (100)
  } catch {
    return NaN;
  }
}

export async function loadAverage(): Promise<string> {
  return (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
}

/** The middle value (mean of the two middle values for an even count). */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile of ascending-sorted numbers (nearest rank); NaN when there are none. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
