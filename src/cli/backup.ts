/**
 * `casefile backup <file>`: one tar archive holding a consistent snapshot of the database and every media file it
 * refers to, taken while the server keeps running.
 *
 * Order matters: uploads put their bytes into the store before they write their row, so once the database is
 * snapshotted, every media file the snapshot names is already in the store. Files of uploads still in flight
 * have no row in the snapshot and are left out, as their rows are.
 */
import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { createClient } from "@libsql/client/sqlite3";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { type MediaStore, MissingMediaError } from "../media/store";
import { openMediaStore } from "../media/open-store";
import { BACKUP_DB, BACKUP_MANIFEST, BACKUP_SEAL, mediaEntry, sealText, storedFilesOf, type BackupManifest } from "./backup-format";
import { auditKeyText } from "../audit/audit-key";
import { CliError } from "./errors";
import { isFileDatabase, snapshotDatabase } from "./database-copy";
import { TarWriter } from "./tar";
import { VERSION } from "./version";
import { verifyBackup, type BackupCheck } from "../backups/backup-verify";

export type BackupSummary = BackupManifest & { missing: string[] };

/**
 * backup, then reads back what it wrote (verifyBackup). An archive that fails is kept under a name ending in
 * .unverified.tar, for the operator to look at, and never passes for a good one.
 */
export async function backupVerified(config: Config, file: string): Promise<{ summary: BackupSummary; check: BackupCheck; file: string }> {
  const summary = await backup(config, file);
  const check = await verifyBackup(file, summary.missing);
  if (check.ok) return { summary, check, file };
  const kept = file.replace(/(\.tar)?$/, ".unverified.tar");
  await rename(file, kept);
  return { summary, check, file: kept };
}

export async function backup(config: Config, file: string): Promise<BackupSummary> {
  const target = path.resolve(file);
  if (await Bun.file(target).exists()) throw new CliError(`${target} already exists; choose a new file name.`);
  if (!(await stat(path.dirname(target)).catch(() => undefined))?.isDirectory()) {
    throw new CliError(`The folder ${path.dirname(target)} does not exist.`);
  }
  if (isFileDatabase(config.databaseUrl) && !(await Bun.file(config.databaseUrl.slice("file:".length)).exists())) {
    throw new CliError(`There is no database at ${config.databaseUrl}; check DATABASE_URL (and the working directory).`);
  }
  const workDir = await mkdtemp(path.join(path.dirname(target), ".casefile-backup-"));
  const partial = path.join(workDir, "archive.tar");
  try {
    const snapshotPath = path.join(workDir, BACKUP_DB);
    const { client } = await openDatabase(config);
    try {
      await snapshotDatabase(client, config.databaseUrl, snapshotPath);
    } finally {
      client.close();
    }

    const snapshot = createClient({ url: `file:${snapshotPath}` });
    const count = async (table: string) => Number((await snapshot.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    const keys = (await storedFilesOf(snapshot)).map((file) => file.key);
    const manifest: BackupManifest = {
      format: "casefile-backup",
      version: 2,
      appVersion: VERSION,
      createdAt: new Date().toISOString(),
      users: await count("users"),
      evidence: await count("evidence"),
      mediaFiles: keys.length,
      auditKey: await auditKeyText(config.audit),
    };
    snapshot.close();

    const tar = await TarWriter.create(partial);
    const missing: string[] = [];
    try {
      const manifestBytes = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
      await tar.add(BACKUP_MANIFEST, manifestBytes.length, new Blob([manifestBytes]).stream());
      const db = Bun.file(snapshotPath);
      await tar.add(BACKUP_DB, db.size, db.stream());
      const store = await openMediaStore(config);
      for (const key of keys) {
        const blob = await readWhole(store, key, workDir);
        // Deleted after the snapshot was taken: the item is gone from the live site too.
        if (!blob) missing.push(key);
        else await tar.add(mediaEntry(key), blob.size, blob.stream());
      }
      const seal = new TextEncoder().encode(sealText({ entries: [...tar.entries], archiveSha256: tar.digestSoFar(), deleted: missing }));
      await tar.add(BACKUP_SEAL, seal.length, new Blob([seal]).stream());
      await tar.finish();
    } catch (error) {
      await tar.abandon();
      throw error;
    }
    await rename(partial, target);
    return { ...manifest, missing };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The bytes of key as a Blob of known size (a tar header needs the size first). Local files are used in place;
 * streamed reads (S3) are spooled to a temp file first. undefined when the key no longer exists.
 */
async function readWhole(store: MediaStore, key: string, workDir: string): Promise<Blob | undefined> {
  let body: Blob | ReadableStream<Uint8Array>;
  try {
    body = await store.read(key);
  } catch (error) {
    if (error instanceof MissingMediaError) return undefined;
    throw error;
  }
  if (body instanceof Blob) return body;
  const spooled = path.join(workDir, "spooled-media");
  await Bun.write(spooled, new Response(body));
  return Bun.file(spooled);
}
