/**
 * What a casefile backup archive holds: a manifest, the database snapshot, then media/<store key> files (originals,
 * public copies, renditions, the show's media) and, since format 2, a last entry that seals the rest: the SHA-256 of
 * every entry, and of every byte of the archive before it; its own text is hashed too. Any changed byte is then
 * found, and named. Format 1 (releases up to 543b908) has no seal: only originals and the show's media carry a hash.
 */
import type { Client } from "@libsql/client";
export const BACKUP_MANIFEST = "casefile-backup.json";
export const BACKUP_DB = "casefile.db";
export const BACKUP_SEAL = "casefile-seal.json";
const MEDIA_PREFIX = "media/";

export type BackupManifest = {
  format: "casefile-backup";
  version: 1 | 2;
  appVersion: string;
  createdAt: string;
  users: number;
  evidence: number;
  mediaFiles: number;
  /** The audit log's sealing key (from AUDIT_KEY or the key file): without it the log cannot be verified or extended. */
  auditKey?: string;
};

export type SealedEntry = { name: string; size: number; sha256: string };

/** The last entry of a format-2 archive. */
export type BackupSeal = {
  /** Every entry before this one, in order. */
  entries: SealedEntry[];
  /** SHA-256 of the archive's bytes before this entry's header (headers and padding included). */
  archiveSha256: string;
  /** Store keys the database names whose files were deleted while the backup ran (rightly absent). */
  deleted: string[];
  /** SHA-256 of this object's JSON without this field. */
  sealSha256: string;
};

export function sealText(seal: Omit<BackupSeal, "sealSha256">): string {
  const body = JSON.stringify(seal);
  return JSON.stringify({ ...seal, sealSha256: new Bun.CryptoHasher("sha256").update(body).digest("hex") });
}

/** The seal in text, or a reason it cannot be trusted. */
export function readSeal(text: string): BackupSeal | string {
  let parsed: BackupSeal;
  try {
    parsed = JSON.parse(text) as BackupSeal;
  } catch {
    return `its ${BACKUP_SEAL} is damaged`;
  }
  const { sealSha256, ...rest } = parsed;
  if (new Bun.CryptoHasher("sha256").update(JSON.stringify(rest)).digest("hex") !== sealSha256) return `its ${BACKUP_SEAL} is damaged (its own hash does not match)`;
  return parsed;
}

export const mediaEntry = (key: string) => MEDIA_PREFIX + key;

/** The store key of a media entry, or undefined for other entries. */
export const keyOfEntry = (name: string) => (name.startsWith(MEDIA_PREFIX) ? name.slice(MEDIA_PREFIX.length) : undefined);

export type StoredFile = { key: string; mime: string; size: number; sha256: string | undefined; rendition?: true };

const hasTable = async (snapshot: Client, name: string) =>
  (await snapshot.execute({ sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", args: [name] })).rows.length > 0;

/**
 * Every stored file a database snapshot names, with its type: evidence media (originals and public copies), their
 * renditions and the show's media (Administration → Show). A snapshot older than a table has none of its files.
 */
export async function storedFilesOf(snapshot: Client): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  const sql = "SELECT store_key, public_store_key, public_size, mime, size, sha256 FROM media_files";
  for (const row of (await snapshot.execute(sql)).rows) {
    files.push({ key: String(row.store_key), mime: String(row.mime), size: Number(row.size), sha256: String(row.sha256) });
    // The database keeps no hash of a public copy or a rendition (the seal of a format-2 archive does).
    if (row.public_store_key !== null) files.push({ key: String(row.public_store_key), mime: String(row.mime), size: Number(row.public_size), sha256: undefined });
  }
  if (await hasTable(snapshot, "show_media")) {
    for (const row of (await snapshot.execute("SELECT store_key, mime, size, sha256 FROM show_media")).rows) {
      files.push({ key: String(row.store_key), mime: String(row.mime), size: Number(row.size), sha256: String(row.sha256) });
    }
  }
  if (await hasTable(snapshot, "media_renditions")) {
    for (const row of (await snapshot.execute("SELECT store_key, mime, size FROM media_renditions")).rows) {
      files.push({ key: String(row.store_key), mime: String(row.mime), size: Number(row.size), sha256: undefined, rendition: true });
    }
  }
  return files;
}
