/**
 * `casefile restore <file>`: puts a backup archive into an EMPTY target (the DATABASE_URL database and the media
 * store of the current settings), whole or not at all. The archive is verified first (backup-verify.ts); then the
 * database and the media are written beside the target, each file's hash checked again as it is written, and only
 * then moved into place (restore-target.ts). Any failure leaves the target as it was and says what was wrong.
 * Migrations run at the next start, so a backup of an older release restores into a newer one; a backup of a newer
 * release (a migration this one does not know) is refused.
 */
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client/sqlite3";
import { drizzle } from "drizzle-orm/libsql/sqlite3";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { newerDatabase } from "../db/migrate";
import { checkBackup } from "../backups/backup-verify";
import { auditKeyText, restoreAuditKey } from "../audit/audit-key";
import { keyOfEntry, type BackupManifest } from "./backup-format";
import { copyRows } from "./database-copy";
import { CliError } from "./errors";
import { databaseFileOf, MadeFolders, requireEmptyTarget, stageMedia } from "./restore-target";
import { readTar } from "./tar";

export type RestoreSummary = BackupManifest & { restoredMedia: number; renditionsQueued: number };

const refused = (archive: string, why: string) => new CliError(`${archive} was not restored, and nothing was changed: ${why}`);

export async function restore(config: Config, file: string): Promise<RestoreSummary> {
  const archive = path.resolve(file);
  if (!(await Bun.file(archive).exists())) throw new CliError(`${archive} does not exist.`);
  await requireEmptyTarget(config);

  const id = crypto.randomUUID().slice(0, 8);
  const dbFile = databaseFileOf(config.databaseUrl);
  const folders = new MadeFolders();
  // Beside the database file, so it moves into place with a rename; a libSQL server's rows are staged anywhere.
  if (dbFile) await folders.ensure(path.dirname(dbFile));
  const workDir = await mkdtemp(dbFile ? path.join(path.dirname(dbFile), `.casefile-restore-${id}-`) : path.join(tmpdir(), "casefile-restore-"));
  let media: Awaited<ReturnType<typeof stageMedia>> | undefined;
  try {
    const check = await checkBackup(archive, workDir);
    if (!check.ok) throw refused(archive, `it is damaged: ${check.problems.join("; ")}`);
    const manifest = check.manifest!;
    const dbPath = check.read.dbPath!;
    const snapshot = createClient({ url: `file:${dbPath}` });
    let renditionsQueued: number;
    try {
      const newer = await newerDatabase(drizzle(snapshot));
      if (newer) throw refused(archive, `its database was last migrated by ${newer.releases}; restore it with that release or a newer one.`);
      renditionsQueued = await queueRenditionsWithoutFiles(snapshot, new Set(check.read.media.keys()));
    } finally {
      snapshot.close();
    }
    const existingKey = await auditKeyText(config.audit);
    if (manifest.auditKey && !config.audit.key && existingKey && existingKey !== manifest.auditKey) {
      throw refused(archive, `${config.audit.keyFile} holds another audit key than the backup's; move it away and restore again.`);
    }

    await folders.ensure(path.dirname(config.uploadsDir));
    media = await stageMedia(config, id);
    const mimes = new Map(check.stored.map((stored) => [stored.key, stored.mime]));
    let restoredMedia = 0;
    for await (const entry of readTar(archive)) {
      const key = keyOfEntry(entry.name);
      const expected = key === undefined ? undefined : check.read.media.get(key);
      if (!expected) continue;
      const temp = path.join(media.store.tempDir, `${crypto.randomUUID()}.part`);
      const written = await writeHashed(entry.body, temp);
      if (written !== expected.sha256) throw refused(archive, `media ${key} changed while it was being restored (or was written wrong to ${media.store.tempDir}).`);
      await media.store.putFile(key!, temp, mimes.get(key!) ?? "application/octet-stream");
      restoredMedia++;
    }

    await media.commit();
    if (dbFile) {
      await rm(`${dbFile}-wal`, { force: true });
      await rm(`${dbFile}-shm`, { force: true });
      await rename(dbPath, dbFile);
    } else {
      const { client: target } = await openDatabase(config);
      const source = createClient({ url: `file:${dbPath}` });
      try {
        await copyRows(source, target); // one transaction: all rows or none
      } finally {
        source.close();
        target.close();
      }
    }
    // The log's key comes with it; the restored log is the new truth, so an anchor left in this folder goes.
    await rm(config.audit.headFile, { force: true });
    if (manifest.auditKey) await restoreAuditKey(config.audit, manifest.auditKey);
    return { ...manifest, restoredMedia, renditionsQueued };
  } catch (error) {
    await media?.undo();
    await rm(workDir, { recursive: true, force: true }); // before the folders it may be in
    await folders.undo();
    throw error instanceof CliError ? error : refused(archive, (error as Error).message);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function writeHashed(body: ReadableStream<Uint8Array>, file: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  const sink = Bun.file(file).writer();
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    hasher.update(chunk);
    sink.write(chunk);
  }
  await sink.end();
  return hasher.digest("hex");
}

/**
 * A rendition whose file the archive lacks (an archive from a release that left them out, or one deleted while the
 * backup ran) loses its row, and its file's job goes, so the server makes them all again: never a row without its file.
 */
async function queueRenditionsWithoutFiles(snapshot: ReturnType<typeof createClient>, inArchive: Set<string>): Promise<number> {
  const hasTable = (await snapshot.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'media_renditions'")).rows.length > 0;
  if (!hasTable) return 0;
  const rows = (await snapshot.execute("SELECT media_id, store_key FROM media_renditions")).rows;
  const media = new Set(rows.filter((row) => !inArchive.has(String(row.store_key))).map((row) => String(row.media_id)));
  for (const mediaId of media) {
    await snapshot.batch([
      { sql: "DELETE FROM media_renditions WHERE media_id = ?", args: [mediaId] },
      { sql: "DELETE FROM jobs WHERE kind = 'renditions' AND subject = ?", args: [mediaId] },
    ]);
  }
  return media.size;
}
