/**
 * Checks a backup archive the way a restore needs it: the archive reads whole, every entry is the one its seal names
 * (format 2, archive-read.ts), the database passes SQLite's integrity check and the audit chain verifies under the
 * key the archive carries, and every file the database names is in it, with its recorded SHA-256 where the database
 * keeps one. Read-only, and needs neither the server nor its settings: `casefile backup verify <file>`, `casefile
 * backup`, the scheduled backups and `casefile restore` all use it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { Database as SQLiteFile } from "bun:sqlite";
import { createClient } from "@libsql/client/sqlite3";
import { verifyAuditLog } from "../audit/audit-verify";
import { storedFilesOf, type BackupManifest, type StoredFile } from "../cli/backup-format";
import { readArchive, type ArchiveRead } from "./archive-read";
import path from "node:path";

export type BackupCheck = { ok: boolean; problems: string[]; manifest: BackupManifest | undefined; mediaFiles: number };
export type ArchiveCheck = BackupCheck & { read: ArchiveRead; stored: StoredFile[] };

/** Problems beyond this many are counted, not listed: one damaged disk can spoil thousands of files. */
const LISTED_PROBLEMS = 20;

/**
 * SQLite's integrity check by bun's own SQLite, before libSQL opens the file: libSQL aborts the whole process on
 * some damaged files, where this one answers with an error.
 */
function integrityProblem(dbPath: string): string | undefined {
  try {
    const db = new SQLiteFile(dbPath, { readonly: true });
    try {
      const rows = db.query("PRAGMA integrity_check").values().map((row) => String(row[0]));
      return rows.join() === "ok" ? undefined : `the database fails SQLite's integrity check: ${rows.slice(0, 3).join("; ")}`;
    } finally {
      db.close();
    }
  } catch (error) {
    return `the database cannot be read: ${(error as Error).message}`;
  }
}

/** Checks file, leaving its database snapshot in workDir. `deleted`: files a format-1 backup found gone. */
export async function checkBackup(file: string, workDir: string, deleted: string[] = []): Promise<ArchiveCheck> {
  const read = await readArchive(file, workDir);
  const problems = [...read.problems];
  const stored: StoredFile[] = [];
  const manifest = read.manifest;
  if (read.dbPath && manifest) {
    const integrity = integrityProblem(read.dbPath);
    if (integrity) problems.push(integrity);
    else {
      const snapshot = createClient({ url: `file:${read.dbPath}` });
      try {
        const entries = await snapshot.execute("SELECT count(*) AS n FROM audit_log").then((result) => Number(result.rows[0]!.n), () => 0);
        if (manifest.auditKey) {
          const verdict = await verifyAuditLog(snapshot, Buffer.from(manifest.auditKey, "utf8"), undefined, Date.parse(manifest.createdAt));
          if (!verdict.intact) problems.push(`audit log: ${verdict.reason}`);
        } else if (manifest.version === 2 && entries > 0) problems.push("the archive carries no audit key, so its audit log cannot be verified");
        stored.push(...(await storedFilesOf(snapshot)));
      } finally {
        snapshot.close();
      }
    }
  }
  const gone = new Set([...deleted, ...(read.seal?.deleted ?? [])]);
  for (const file of stored) {
    const found = read.media.get(file.key);
    if (found && read.changed.has(found.name)) continue;
    if (!found) {
      // A format-1 archive never held renditions: restore drops their rows and has them made again.
      if (!gone.has(file.key) && !(file.rendition && manifest?.version === 1)) problems.push(`media ${file.key}: named by the database but not in the archive`);
    } else if (file.sha256 !== undefined && found.sha256 !== file.sha256) problems.push(`media ${file.key}: its SHA-256 is not the one the database recorded`);
    else if (file.sha256 === undefined && found.size !== file.size) problems.push(`media ${file.key}: ${found.size} bytes, the database says ${file.size}`);
  }
  if (stored.length > 0) {
    const named = new Set(stored.map((file) => file.key));
    for (const key of read.media.keys()) if (!named.has(key)) problems.push(`media ${key}: in the archive but named by no row of its database`);
  }
  const listed = problems.length > LISTED_PROBLEMS ? [...problems.slice(0, LISTED_PROBLEMS), `and ${problems.length - LISTED_PROBLEMS} more problems`] : problems;
  return { ok: problems.length === 0, problems: listed, manifest, mediaFiles: read.media.size, read, stored };
}

/** Checks file in a temp folder of its own. */
export async function verifyBackup(file: string, deleted: string[] = []): Promise<BackupCheck> {
  const workDir = await mkdtemp(path.join(tmpdir(), "casefile-verify-"));
  try {
    const { ok, problems, manifest, mediaFiles } = await checkBackup(file, workDir, deleted);
    return { ok, problems, manifest, mediaFiles };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** One line saying what a sound archive holds. */
export function verifiedLine(file: string, check: BackupCheck): string {
  const { createdAt, users, evidence, appVersion, version } = check.manifest!;
  const sealed = version === 2 ? "every entry's SHA-256 as sealed" : "originals' SHA-256 (a format-1 archive seals nothing else)";
  const audit = check.manifest!.auditKey ? "audit log intact" : "no audit key in it (its audit log was not checked)";
  return `${file} verified: taken ${createdAt} by casefile ${appVersion}, ${users} users, ${evidence} items, ${check.mediaFiles} media files, ${sealed}, ${audit}`;
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
  console.log(verifiedLine(file, check));
  return 0;
}
