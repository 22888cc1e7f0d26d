import { ApiError, request } from "../../api/client";
import { t } from "../i18n/i18n";

/** GET /api/server/status (src/server-status/status.service.ts), as the Server screen and the console banner read it. */
export type Volume = { path: string; free_bytes: number; total_bytes: number };
/** The database's volume also says its time left at the database's own rate (null: not known yet, or not growing). */
export type DatabaseVolume = Volume & { hours_left: number | null };
/** `code` and `params` word it from the catalog (`server.warning.<code>`); `message` is the English. */
export type ServerWarning = {
  kind: "disk" | "backup-missing" | "backup-failed" | "certificate" | "renditions" | "audit" | "unclean-stop";
  code: string;
  params: Record<string, string | number>;
  message: string;
};
export type ServerStatus = {
  version: string;
  instance_id: string;
  started_at: string;
  uptime_seconds: number;
  disk: { media: Volume; database: DatabaseVolume | null; reserve_bytes: number; stored_last_hour_bytes: number; hours_left: number | null };
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
  /** The audit log's chain: sealed entries, the head's hash, and why sealing stopped (null while it holds). */
  audit: { entries: number; head: string; broken: string | null };
  instances: { id: string; host: string; version: string; started_at: string; seen_at: string; this: boolean }[];
  warnings: ServerWarning[];
};

/** The database outage the server tells an admin it verified shortly before (a 503 with since and reason), if that is why. */
export function databaseOutage(failure: Error | undefined): { since: string; reason: string } | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 503) return undefined;
  const params = (failure.body as { params?: { since?: unknown; reason?: unknown } } | undefined)?.params;
  return typeof params?.since === "string" && typeof params.reason === "string" ? { since: params.since, reason: params.reason } : undefined;
}

export const fetchServerStatus = () => request<ServerStatus>("GET", "/api/server/status");

export const retryRenditions = () => request<{ retried: number }>("POST", "/api/server/renditions/retry");

/** How long the server has run, or how often it backs up: "3 d 4 h", "2 h 5 min", "40 s", in the active language. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return t("server.duration.days_hours", { days, hours });
  if (hours) return minutes ? t("server.duration.hours_minutes", { hours, minutes }) : t("server.duration.hours", { hours });
  return minutes ? t("server.duration.minutes", { minutes }) : t("server.duration.seconds", { seconds: Math.round(seconds) });
}
