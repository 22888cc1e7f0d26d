/**
 * `casefile restore <file>`: puts a backup archive into an EMPTY target (the DATABASE_URL database and the media
 * store of the current settings). It refuses to mix a backup into live data. Migrations run at the next start,
 * so a backup of an older release restores into a newer one.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { createClient } from "@libsql/client/sqlite3";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { openMediaStore } from "../server";
import { BACKUP_DB, BACKUP_MANIFEST, keyOfEntry, storedFilesOf, type BackupManifest } from "./backup-format";
import { restoreAuditKey } from "../audit/audit-key";
import { copyRows, userTables } from "./database-copy";
import { CliError } from "./errors";
import { readTar, type TarEntry } from "./tar";

export type RestoreSummary = BackupManifest & { restoredMedia: number };

async function nextEntry(entries: AsyncGenerator<TarEntry>, expected: string, archive: string): Promise<TarEntry> {
  const { value, done } = await entries.next();
  if (done || value.name !== expected) throw new CliError(`${archive} is not a casefile backup (no ${expected}).`);
  return value;
}

export async function restore(config: Config, file: string): Promise<RestoreSummary> {
  const archive = path.resolve(file);
  if (!(await Bun.file(archive).exists())) throw new CliError(`${archive} does not exist.`);

  const { client: target } = await openDatabase(config);
  const store = await openMediaStore(config);
  const spooledDb = path.join(store.tempDir, `${crypto.randomUUID()}.restore.db`);
  try {
    const tables = await userTables(target);
    if (tables.length > 0) {
      throw new CliError(`DATABASE_URL (${config.databaseUrl}) already holds data (tables ${tables.join(", ")}); restore needs an empty target.`);
    }
    for await (const key of store.list()) {
      throw new CliError(`The media store already holds files (e.g. ${key}); restore needs an empty target.`);
    }

    const entries = readTar(archive);
    const manifestText = await new Response((await nextEntry(entries, BACKUP_MANIFEST, archive)).body).text();
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(manifestText);
    } catch {
      throw new CliError(`${archive}: its ${BACKUP_MANIFEST} is damaged.`);
    }
    if (manifest.format !== "casefile-backup" || manifest.version !== 1) {
      throw new CliError(`${archive}: unsupported backup format ${manifest.format} v${manifest.version}.`);
    }

    await Bun.write(spooledDb, new Response((await nextEntry(entries, BACKUP_DB, archive)).body));
    const snapshot = createClient({ url: `file:${spooledDb}` });
    const mimes = new Map<string, string>();
    try {
      for (const file of await storedFilesOf(snapshot)) mimes.set(file.key, file.mime);
      await copyRows(snapshot, target);
    } finally {
      snapshot.close();
    }
    // The log's key comes with it; the restored log is the new truth, so an anchor left in this folder goes.
    await rm(config.audit.headFile, { force: true });
    if (manifest.auditKey) {
      await restoreAuditKey(config.audit, manifest.auditKey).catch((error: Error) => {
        throw new CliError(error.message);
      });
    }

    let restoredMedia = 0;
    try {
      for await (const entry of entries) {
        const key = keyOfEntry(entry.name);
        if (!key) throw new CliError(`${archive}: unexpected entry ${entry.name}.`);
        const temp = path.join(store.tempDir, `${crypto.randomUUID()}.part`);
        try {
          await Bun.write(temp, new Response(entry.body));
          await store.putFile(key, temp, mimes.get(key) ?? "application/octet-stream");
        } finally {
          await rm(temp, { force: true });
        }
        restoredMedia++;
      }
    } catch (error) {
      // The database is in and some media too: say so, rather than leave a target that looks restored.
      throw new CliError(
        `restore stopped after the database and ${restoredMedia} media files: ${(error as Error).message} ` +
          "Empty the database and the media store before trying again.",
      );
    }
    return { ...manifest, restoredMedia };
  } finally {
    target.close();
    await rm(spooledDb, { force: true });
  }
}
