import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Temp files older than this at start were left by a crash mid-upload; younger ones may belong to a running instance. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Removes what a crashed process left in a store's temp area (spooled uploads, parts, finished temp files): files
 * untouched for `olderThanMs` (an hour; a start that knows the last run died sooner: server-status/unclean-stop.ts).
 * How many it removed.
 */
export async function removeStaleTempFiles(tempDir: string, now = Date.now(), olderThanMs = STALE_TEMP_MS): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tempDir)) {
    const file = path.join(tempDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > olderThanMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
