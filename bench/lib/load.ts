/**
 * HTTP load for bench/public-list.ts: wrk (Debian package `wrk`) when installed, else a small Bun fetch loop.
 * Both keep `connections` requests in flight for `seconds` and report req/s and latency percentiles.
 */
export type LoadResult = { tool: string; requests: number; rps: number; p50: number; p90: number; p99: number; errors: number };

const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]!;

export function wrkAvailable(): boolean {
  return !process.env.LOAD_NO_WRK && Bun.which("wrk") !== null;
}

export async function wrk(url: string, connections: number, seconds: number): Promise<LoadResult> {
  const proc = Bun.spawn(["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "5s", "--latency", url], { stdout: "pipe", stderr: "pipe" });
  const killer = setTimeout(() => proc.kill("SIGKILL"), (seconds + 30) * 1000);
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  clearTimeout(killer);
  const pct = (p: string) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(out);
    if (!m) throw new Error(`wrk output has no ${p}% line:\n${out}`);
    return toMs(m[1]!, m[2]!);
  };
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const sockErr = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (sockErr ? sockErr.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
  return { tool: "wrk -t1", requests, rps, p50: pct("50"), p90: pct("90"), p99: pct("99"), errors };
}

/** Fallback when wrk is missing: `connections` async loops of fetch in this process. */
export async function fetchLoad(url: string, connections: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const maxPerLoop = 1_000_000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = 0; i < maxPerLoop && performance.now() < end; i++) {
        const t = performance.now();
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
          await res.arrayBuffer();
          if (!res.ok) errors++;
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { tool: "bun fetch", requests: latencies.length, rps: latencies.length / elapsed, p50: at(50), p90: at(90), p99: at(99), errors };
}

export const load = (url: string, connections: number, seconds: number) =>
  wrkAvailable() ? wrk(url, connections, seconds) : fetchLoad(url, connections, seconds);
