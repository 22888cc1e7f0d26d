import { request } from "../../api/client";

/** GET /api/server/status (src/server-status/status.service.ts), as the Server screen and the console banner read it. */
export type Volume = { path: string; free_bytes: number; total_bytes: number };
export type ServerWarning = { kind: "disk" | "backup-missing" | "backup-failed" | "certificate" | "renditions"; message: string };
export type ServerStatus = {
  version: string;
  instance_id: string;
  started_at: string;
  uptime_seconds: number;
  disk: { media: Volume; database: Volume | null; reserve_bytes: number; stored_last_hour_bytes: number; hours_left: number | null };
  database_bytes: number;
  media_bytes: number;
  uploads: { in_progress: number; finishing: number };
  participants: { registered: number; active_15m: number };
  errors: { last_hour: number; latest: { at: string; what: string }[] };
  backups: { dir: string; interval_hours: number; keep: number } | null;
  last_backup: { started_at: string; finished_at: string | null; file: string; size: number | null; verified: boolean; error: string | null } | null;
  tls: { kind: "files" | "self-signed"; valid_to: string; days_left: number } | null;
  archive_mode: boolean;
  /** Copies for viewers made by background jobs (src/renditions). */
  renditions: {
    making: boolean;
    found: string[];
    missing: string[];
    jobs: { pending: number; running: number; failed: number; done: number };
    failed: { media_id: string; attempts: number; error: string | null; finished_at: string | null }[];
  };
  instances: { id: string; host: string; version: string; started_at: string; seen_at: string; this: boolean }[];
  warnings: ServerWarning[];
};

export const fetchServerStatus = () => request<ServerStatus>("GET", "/api/server/status");

export const retryRenditions = () => request<{ retried: number }>("POST", "/api/server/renditions/retry");

const UNITS = ["bytes", "KB", "MB", "GB", "TB"];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return `${days} d ${hours} h`;
  if (hours) return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  return minutes ? `${minutes} min` : `${Math.round(seconds)} s`;
}
