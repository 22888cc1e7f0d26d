/**
 * Whether the last run of this server ended without a clean stop (kill -9, a crash, a power cut): a marker file in
 * the data folder while it runs, removed by a clean stop. Found at start, it is said in the log and on the Server
 * screen. What the dead process left in the temp area went when the store opened (its folder: media/temp-area.ts).
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { VERSION } from "../cli/version";
import type { Config } from "../config";

export type UncleanStop = { pid: number; startedAt: string; version: string };

const markerOf = (config: Pick<Config, "audit">) => path.join(path.dirname(config.audit.keyFile), "running.json");

/** Another process that is alive now (an instance sharing this data folder); a container's pid is ours again (1). */
const anotherAlive = (pid: number) => {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Marks this run; `previous`: the run that left its marker. `clear` on a clean stop. */
export async function markRunning(config: Pick<Config, "audit">): Promise<{ previous: UncleanStop | undefined; clear(): Promise<void> }> {
  const marker = markerOf(config);
  const left = await readFile(marker, "utf8").then((text) => JSON.parse(text) as UncleanStop, () => undefined);
  const previous = left && !anotherAlive(left.pid) ? left : undefined;
  if (previous) {
    console.warn(
      `the last run (casefile ${previous.version}, pid ${previous.pid}, started ${previous.startedAt}) ended without a clean stop ` +
        "(killed, crashed or a power cut); what it left in the temp area was removed at start",
    );
  }
  const mine: UncleanStop = { pid: process.pid, startedAt: new Date().toISOString(), version: VERSION };
  // The data folder may not exist yet: a libSQL server's database with AUDIT_KEY set leaves nothing beside it.
  await mkdir(path.dirname(marker), { recursive: true });
  await writeFile(marker, JSON.stringify(mine) + "\n");
  return { previous, clear: () => rm(marker, { force: true }) };
}
