/** What a casefile backup archive holds: a manifest, the database snapshot, then media/<store key> files. */
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
