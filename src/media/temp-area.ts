/**
 * A media store's temp files live in one folder per process under the temp root (UPLOADS_DIR/.tmp, or the system's
 * temp folder with S3), named by the instance id (server-status/instances.ts), with an owner stamp beside it
 * (<id>.owner: the host, its boot, the pid and the process's start time as the kernel counts it). Bodies, parts, public copies and renditions'
 * work are all written there, so what a process leaves behind when it dies is one folder, and it is known whose.
 *
 * Several instances may share the root (a scaled-out deployment on one volume), so a folder is removed only when its
 * process is known dead — at every start and every SWEEP_MS, not an hour later:
 * - written on this host since its boot: when no process of that pid exists, or one that started at another time
 *   (the pid was reused: a restarted container's server is pid 1 again);
 * - written on another host (or another container: a pid there means nothing here): when its instance's heartbeat
 *   has not been seen for GONE_AFTER_MS and the folder is older than that (a new instance beats only once listening).
 * Files loose in the root come from versions before these folders: removed once an hour old, as those were.
 */
import { existsSync } from "node:fs";
import { readFile, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { GONE_AFTER_MS, INSTANCE_ID } from "../server-status/instances";

const OWNER_SUFFIX = ".owner";
const LOOSE_FILE_STALE_MS = 60 * 60 * 1000;
/** How often a running server looks for dead processes' folders (another host's crash is seen here). */
export const TEMP_SWEEP_MS = 5 * 60_000;

type Owner = { host: string; boot: string; pid: number; started: string; at: string };

const bootId = () => readFile("/proc/sys/kernel/random/boot_id", "utf8").then((id) => id.trim(), () => "");

const HAS_PROC = existsSync("/proc/self/stat");

/** A process's start time since boot (field 22 of /proc/<pid>/stat); "" when unknown (no /proc); undefined when gone. */
async function startTicks(pid: number): Promise<string | undefined> {
  if (!HAS_PROC) return processExists(pid) ? "" : undefined;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  return stat === undefined ? undefined : (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "");
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Creates this process's folder under root, with its owner stamp, after removing what dead processes left. */
export async function openTempArea(root: string): Promise<string> {
  await mkdir(root, { recursive: true });
  const dir = path.join(root, INSTANCE_ID);
  await mkdir(dir, { recursive: true });
  const owner: Owner = { host: hostname(), boot: await bootId(), pid: process.pid, started: (await startTicks(process.pid)) ?? "", at: new Date().toISOString() };
  await writeFile(`${dir}${OWNER_SUFFIX}`, JSON.stringify(owner));
  await sweepTempAreas(root);
  return dir;
}

/**
 * Removes the folders of processes known dead, and loose files an hour old. `liveElsewhere` names the instances
 * whose heartbeat is recent (from the database); without it, only this host's dead processes are known.
 */
export async function sweepTempAreas(root: string, liveElsewhere?: Set<string>, now = Date.now()): Promise<{ removed: number }> {
  const here = { host: hostname(), boot: await bootId() };
  let removed = 0;
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const folders = new Set(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name));
  for (const entry of entries) {
    if (entry.name === INSTANCE_ID || entry.name === `${INSTANCE_ID}${OWNER_SUFFIX}`) continue;
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) {
      const owner = await readFile(`${full}${OWNER_SUFFIX}`, "utf8").then((text) => JSON.parse(text) as Owner, () => undefined);
      if (await dead(entry.name, full, owner, here, liveElsewhere, now)) removed += (await removeEntry(full)) + (await removeEntry(`${full}${OWNER_SUFFIX}`));
      continue;
    }
    if (entry.name.endsWith(OWNER_SUFFIX) && folders.has(entry.name.slice(0, -OWNER_SUFFIX.length))) continue;
    const info = await stat(full).catch(() => undefined);
    if (info && now - info.mtimeMs > LOOSE_FILE_STALE_MS) removed += await removeEntry(full);
  }
  return { removed };
}

const removeEntry = (full: string) => rm(full, { recursive: true, force: true }).then(() => 1, () => 0);

async function dead(id: string, full: string, owner: Owner | undefined, here: { host: string; boot: string }, liveElsewhere: Set<string> | undefined, now: number) {
  if (owner && owner.host === here.host && owner.boot === here.boot) {
    const started = await startTicks(owner.pid);
    return started === undefined || (started !== "" && started !== owner.started);
  }
  // Another host's, or a folder without its stamp (its process died writing it): only its heartbeat can tell.
  const since = owner ? Date.parse(owner.at) : ((await stat(full).catch(() => undefined))?.mtimeMs ?? now);
  return liveElsewhere !== undefined && !liveElsewhere.has(id) && now - since > GONE_AFTER_MS;
}
