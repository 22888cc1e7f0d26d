/** Small helpers for tests that run real programs (s3rver, sqld, the built executable) as child processes. */
import type { Subprocess } from "bun";

/** Reads the child's stdout until its first line that parses as JSON (how our helper scripts report their port). */
export async function firstJsonLine<T>(child: Subprocess<"ignore" | "pipe" | "inherit", "pipe", any>, name: string): Promise<T> {
  const decoder = new TextDecoder();
  let buffered = "";
  const reader = child.stdout.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffered += decoder.decode(chunk.value, { stream: true });
    for (const line of buffered.split("\n").slice(0, -1)) {
      try {
        const report = JSON.parse(line) as T;
        reader.releaseLock();
        return report;
      } catch {
        // not the report line yet
      }
    }
  }
  throw new Error(`${name} exited (code ${await child.exited}) before reporting its port`);
}

/** A TCP port that was free a moment ago (for programs that cannot report the port they picked). */
export function freePort(): number {
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = listener;
  listener.stop(true);
  return port;
}

/** Polls url until it answers 200, or throws after timeoutMs; returns the milliseconds it took. */
export async function waitForOk(url: string, timeoutMs = 15_000, child?: Subprocess): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      // Whether it answers, not whose certificate it has (a self-signed one, for one).
      const response = await fetch(url, { tls: { rejectUnauthorized: false } });
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await Bun.sleep(5);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}
