/**
 * Checks a backup archive the way a restore would need it: the archive opens (manifest, database, then media entries),
 * the database passes SQLite's integrity check and the audit chain verifies under the key the archive carries, and
 * every media file the database names is in the archive with its recorded SHA-256 (public copies: their size).
 * Read-only, and needs neither the server nor its settings: `casefile backup verify <file>` and the scheduled backups
 * both use it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client/sqlite3";
import { verifyAuditLog } from "../audit/audit-verify";
import { BACKUP_DB, BACKUP_MANIFEST, keyOfEntry, storedFilesOf, type BackupManifest, type StoredFile } from "../cli/backup-format";
import { readTar } from "../cli/tar";

export type BackupCheck = { ok: boolean; problems: string[]; manifest: BackupManifest | undefined; mediaFiles: number };

/** Problems beyond this many are counted, not listed: one damaged disk can spoil thousands of files. */
const LISTED_PROBLEMS = 20;

/** `deleted`: files the backup found gone (deleted after its snapshot, so rightly absent from the archive). */
export async function verifyBackup(file: string, deleted: string[] = []): Promise<BackupCheck> {
  const problems: string[] = [];
  let manifest: BackupManifest | undefined;
  let checkedMedia = 0;
  const workDir = await mkdtemp(path.join(tmpdir(), "casefile-verify-"));
  try {
    const entries = readTar(file);
    const first = await entries.next();
    if (first.done || first.value.name !== BACKUP_MANIFEST) return done([`not a casefile backup (no ${BACKUP_MANIFEST} first)`]);
    try {
      manifest = JSON.parse(await new Response(first.value.body).text()) as BackupManifest;
    } catch {
      return done([`its ${BACKUP_MANIFEST} is damaged`]);
    }
    if (manifest.format !== "casefile-backup" || manifest.version !== 1) return done([`unsupported backup format ${manifest.format} v${manifest.version}`]);

    const second = await entries.next();
    if (second.done || second.value.name !== BACKUP_DB) return done([`no ${BACKUP_DB} after the manifest`]);
    const dbPath = path.join(workDir, BACKUP_DB);
    await Bun.write(dbPath, new Response(second.value.body));
    const expected = new Map<string, StoredFile>();
    const snapshot = createClient({ url: `file:${dbPath}` });
    try {
      const integrity = (await snapshot.execute("PRAGMA integrity_check")).rows.map((row) => String(row[0]));
      if (integrity.join() !== "ok") return done([`the database fails SQLite's integrity check: ${integrity.slice(0, 3).join("; ")}`]);
      if (!manifest.auditKey) problems.push("the archive carries no audit key, so its audit log cannot be verified");
      else {
        const verdict = await verifyAuditLog(snapshot, Buffer.from(manifest.auditKey, "utf8"), undefined, Date.parse(manifest.createdAt));
        if (!verdict.intact) problems.push(`audit log: ${verdict.reason}`);
      }
      for (const stored of await storedFilesOf(snapshot)) expected.set(stored.key, stored);
    } finally {
      snapshot.close();
    }

    for await (const entry of entries) {
      const key = keyOfEntry(entry.name);
      const stored = key === undefined ? undefined : expected.get(key);
      if (!stored) {
        problems.push(`unexpected entry ${entry.name}`);
        await entry.body.cancel();
        continue;
      }
      expected.delete(stored.key);
      const hasher = new Bun.CryptoHasher("sha256");
      let size = 0;
      const reader = entry.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        hasher.update(read.value);
        size += read.value.length;
      }
      checkedMedia++;
      const sha256 = hasher.digest("hex");
      if (stored.sha256 !== undefined ? sha256 !== stored.sha256 : size !== stored.size) {
        problems.push(`media ${stored.key}: ${stored.sha256 !== undefined ? "its SHA-256 is not the one the database recorded" : `${size} bytes, the database says ${stored.size}`}`);
      }
    }
    for (const key of deleted) expected.delete(key);
    for (const key of expected.keys()) problems.push(`media ${key}: named by the database but not in the archive`);
  } catch (error) {
    problems.push((error as Error).message);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  return done([]);

  function done(more: string[]): BackupCheck {
    const all = [...problems, ...more];
    const listed = all.length > LISTED_PROBLEMS ? [...all.slice(0, LISTED_PROBLEMS), `and ${all.length - LISTED_PROBLEMS} more problems`] : all;
    return { ok: all.length === 0, problems: listed, manifest, mediaFiles: checkedMedia };
  }
}

/** `casefile backup verify <file>`: 0 and a summary line when the archive is sound; 1 and one line per problem otherwise. */
export async function verifyCommand(file: string): Promise<number> {
  if (!(await Bun.file(file).exists())) {
    console.error(`${file} does not exist.`);
    return 1;
  }
  const check = await verifyBackup(file);
  if (!check.ok) {
    for (const problem of check.problems) console.error(`${file}: ${problem}`);
    return 1;
  }
  const { createdAt, users, evidence } = check.manifest!;
  console.log(`${file} verified: taken ${createdAt}, ${users} users, ${evidence} items, ${check.mediaFiles} media files with matching SHA-256, audit log intact`);
  return 0;
}
