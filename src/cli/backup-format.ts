/** What a casefile backup archive holds: a manifest, the database snapshot, then media/<store key> files. */
import type { Client } from "@libsql/client";
export const BACKUP_MANIFEST = "casefile-backup.json";
export const BACKUP_DB = "casefile.db";
const MEDIA_PREFIX = "media/";

export type BackupManifest = {
  format: "casefile-backup";
  version: 1;
  appVersion: string;
  createdAt: string;
  users: number;
  evidence: number;
  mediaFiles: number;
  /** The audit log's sealing key (from AUDIT_KEY or the key file): without it the log cannot be verified or extended. */
  auditKey?: string;
};

export const mediaEntry = (key: string) => MEDIA_PREFIX + key;

/** The store key of a media entry, or undefined for other entries. */
export const keyOfEntry = (name: string) => (name.startsWith(MEDIA_PREFIX) ? name.slice(MEDIA_PREFIX.length) : undefined);

export type StoredFile = { key: string; mime: string; size: number; sha256: string | undefined };

/**
 * Every stored file a database snapshot names, with its type: evidence media (originals and public copies) and the
 * show's media (Administration → Show; a snapshot older than that table has none).
 */
export async function storedFilesOf(snapshot: Client): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  const sql = "SELECT store_key, public_store_key, public_size, mime, size, sha256 FROM media_files";
  for (const row of (await snapshot.execute(sql)).rows) {
    files.push({ key: String(row.store_key), mime: String(row.mime), size: Number(row.size), sha256: String(row.sha256) });
    // The public copy's hash is not kept (it is made from the original, which is): its size is what can be checked.
    if (row.public_store_key !== null) files.push({ key: String(row.public_store_key), mime: String(row.mime), size: Number(row.public_size), sha256: undefined });
  }
  const hasShowMedia = (await snapshot.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'show_media'")).rows.length > 0;
  if (hasShowMedia) {
    for (const row of (await snapshot.execute("SELECT store_key, mime, size, sha256 FROM show_media")).rows) {
      files.push({ key: String(row.store_key), mime: String(row.mime), size: Number(row.size), sha256: String(row.sha256) });
    }
  }
  return files;
}
