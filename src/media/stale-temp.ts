import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Temp files older than this at start were left by a crash mid-upload; younger ones may belong to a running instance. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** Removes what a crashed process left in a store's temp area (spooled uploads, parts, finished temp files). */
export async function removeStaleTempFiles(tempDir: string, now = Date.now()): Promise<void> {
  for (const name of await readdir(tempDir)) {
    const file = path.join(tempDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
  }
}
