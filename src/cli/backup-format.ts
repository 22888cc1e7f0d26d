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

/**
 * Every stored file a database snapshot names, with its type: evidence media (originals and public copies) and the
 * show's media (Administration → Show; a snapshot older than that table has none).
 */
export async function storedFilesOf(snapshot: Client): Promise<{ key: string; mime: string }[]> {
  const files: { key: string; mime: string }[] = [];
  for (const row of (await snapshot.execute("SELECT store_key, public_store_key, mime FROM media_files")).rows) {
    files.push({ key: String(row.store_key), mime: String(row.mime) });
    if (row.public_store_key !== null) files.push({ key: String(row.public_store_key), mime: String(row.mime) });
  }
  const hasShowMedia = (await snapshot.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'show_media'")).rows.length > 0;
  if (hasShowMedia) {
    for (const row of (await snapshot.execute("SELECT store_key, mime FROM show_media")).rows) files.push({ key: String(row.store_key), mime: String(row.mime) });
  }
  return files;
}
