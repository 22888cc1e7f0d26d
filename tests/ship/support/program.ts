/** Runs casefile as a real program (from source or the built executable) in a directory with a given environment. */
import path from "node:path";
import type { Subprocess } from "bun";
import { freePort, waitForOk } from "./processes";

export const REPO = path.join(import.meta.dir, "../../..");
export const BUN = path.join(REPO, "node_modules/.bin/bun");
export const FROM_SOURCE = [BUN, path.join(REPO, "src/main.ts")];

export type Program = { url: string; child: Subprocess<"ignore", "pipe", "pipe">; output(): Promise<string>; stop(): Promise<number> };

/** Runs a one-shot command (backup, set-role, …) and returns its exit code and output; killed after timeoutMs. */
export async function runCommand(command: string[], cwd: string, env: Record<string, string> = {}, timeoutMs?: number) {
  const child = Bun.spawn(command, { cwd, env, stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: timeoutMs });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

/** Starts `serve` on a free port with exactly env (plus PORT) and waits for /healthz. */
export async function startProgram(command: string[], cwd: string, env: Record<string, string> = {}): Promise<Program> {
  const port = freePort();
  const child = Bun.spawn(command, { cwd, env: { PORT: String(port), ...env }, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const url = `${env.TLS === "self-signed" || env.TLS_CERT_FILE ? "https" : "http"}://127.0.0.1:${port}`;
  // Read the output as it comes, so a chatty server never blocks on a full pipe.
  const collected = Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  const output = async () => (await collected).join("");
  try {
    await waitForOk(`${url}/healthz`, 20_000, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${await output()}`);
  }
  return {
    url,
    child,
    output,
    async stop() {
      child.kill("SIGTERM");
      return child.exited;
    },
  };
}
