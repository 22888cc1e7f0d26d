/**
 * The server's health as an operator needs it during a show (GET /api/server/status, the Server screen): room left
 * and how fast it goes, what is stored, who is active, what failed, the last backup, the certificate, the instances,
 * and the warnings drawn from them. No personal data: counts, sizes, times and route patterns only.
 */
import { sql } from "drizzle-orm";
import { lastBackupRun } from "../backups/backup-schedule";
import { auditHead } from "../audit/audit-chain";
import { VERSION } from "../cli/version";
import type { AppContext } from "../context";
import { sayEnglish } from "../i18n/catalogs.service";
import { failedJobs, jobCounts } from "../jobs/job-queue";
import { FINALISE_TOKEN_PREFIX, UPLOAD_IDLE_MS } from "../uploads/upload-lease";
import { databaseBytes, mediaBytes, volumes } from "./disk";
import { liveInstances } from "./instances";
import type { ServerWatch } from "./watch";

/** Fewer hours of disk than this, at the last hour's rate, is a warning: time to make room before the reserve. */
export const DISK_WARNING_HOURS = 6;
const DAY_MS = 24 * 60 * 60_000;
const CERTIFICATE_WARNING_DAYS = 14;
const ACTIVE_MS = 15 * 60_000;

type WarningCode =
  | "disk_full"
  | "disk_filling"
  | "backup_failed"
  | "backup_missing"
  | "backups_off"
  | "tools_missing"
  | "renditions_failed"
  | "certificate_expired"
  | "certificate_expiring"
  | "audit_broken"
  | "database_disk_low"
  | "database_disk_filling"
  | "unclean_stop";
/** `message` in English for the API and the log; `code` and `params` for the console's words (`server.warning.<code>`). */
export type Warning = {
  kind: "disk" | "backup-missing" | "backup-failed" | "certificate" | "renditions" | "audit" | "unclean-stop";
  code: WarningCode;
  params: Record<string, string | number>;
  message: string;
};

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString("en")} MB`;

async function counts(ctx: AppContext) {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const activeSince = now - ACTIVE_MS;
  // Touching an upload moves its expiry to an hour ahead: one expiring over 45 minutes from now was touched within 15.
  const touchedSince = new Date(now + UPLOAD_IDLE_MS - ACTIVE_MS).toISOString();
  const [row] = await ctx.db.all<Record<string, number>>(sql`
    select
      (select count(*) from uploads where evidence_id is null and expires_at > ${nowIso}) as in_progress,
      (select count(*) from uploads where evidence_id is null and lock_token like ${`${FINALISE_TOKEN_PREFIX}%`} and locked_until > ${nowIso}) as finishing,
      (select count(*) from users where role = 1) as registered,
      (select count(distinct id) from users where role = 1 and id in (
        select user_id from sessions where created_at >= ${activeSince}
        union select owner_id from media_files where created_at >= ${new Date(activeSince).toISOString()}
        union select owner_id from uploads where expires_at >= ${touchedSince}
      )) as active`);
  return {
    uploads: { in_progress: Number(row!.in_progress), finishing: Number(row!.finishing) },
    participants: { registered: Number(row!.registered), active_15m: Number(row!.active) },
  };
}

export async function serverStatus(ctx: AppContext, watch: ServerWatch) {
  const { config } = ctx;
  const now = Date.now();
  const [disk, dbBytes, media, numbers, lastRun, lastVerified, instances, renditionJobs, failedRenditions, audit] = await Promise.all([
    volumes(ctx),
    databaseBytes(ctx),
    mediaBytes(ctx),
    counts(ctx),
    lastBackupRun(ctx),
    ctx.db.all<{ finished_at: string }>(sql`select finished_at from backup_runs where verified = 1 order by finished_at desc limit 1`),
    liveInstances(ctx.db),
    jobCounts(ctx.db, "renditions"),
    failedJobs(ctx.db, "renditions", 20),
    auditHead(ctx.db),
  ]);
  const room = disk.media.freeBytes - config.diskReserveBytes;
  const hoursLeft = media.lastHour > 0 ? Math.max(0, room) / media.lastHour : null;
  const certificateDays = watch.tls ? (watch.tls.validTo.getTime() - now) / DAY_MS : null;

  const warnings: Warning[] = [];
  const warn = (kind: Warning["kind"], code: WarningCode, params: Record<string, string | number> = {}) =>
    warnings.push({ kind, code, params, message: sayEnglish(`server.warning.${code}`, params) });
  if (room < 0) warn("disk", "disk_full", { free: mb(disk.media.freeBytes), reserve: mb(config.diskReserveBytes) });
  // The database's disk: it fills with rows (and their WAL), not uploads, at a rate of its own.
  const dbRoom = disk.database ? disk.database.freeBytes - config.diskReserveBytes : null;
  const dbGrowth = watch.databaseGrowth.perHour(dbBytes, now);
  const dbHoursLeft = dbRoom !== null && dbGrowth ? Math.max(0, dbRoom) / dbGrowth : null;
  if (dbRoom !== null && dbRoom < 0) warn("disk", "database_disk_low", { free: mb(disk.database!.freeBytes), reserve: mb(config.diskReserveBytes) });
  else if (dbHoursLeft !== null && dbHoursLeft < DISK_WARNING_HOURS) warn("disk", "database_disk_filling", { hours: dbHoursLeft.toFixed(1) });
  else if (hoursLeft !== null && hoursLeft < DISK_WARNING_HOURS) warn("disk", "disk_filling", { hours: hoursLeft.toFixed(1) });
  if (lastRun?.error) warn("backup-failed", "backup_failed", { when: lastRun.startedAt, error: lastRun.error });
  const lastVerifiedAt = lastVerified[0]?.finished_at;
  // A fresh start takes its first backup within a minute: give it an hour before saying there is none.
  if ((!lastVerifiedAt || now - Date.parse(lastVerifiedAt) > DAY_MS) && now - watch.startedAt.getTime() > 60 * 60_000) {
    warn("backup-missing", config.backups ? "backup_missing" : "backups_off");
  }
  if (config.renditions.jobs > 0 && watch.renditions.missing.length) warn("renditions", "tools_missing", { tools: watch.renditions.missing.join("; ") });
  if (renditionJobs.failed > 0) warn("renditions", "renditions_failed", { count: renditionJobs.failed });
  // Nothing is sealed while the chain is broken: the operator must look into it (docs/operating.md, Audit repair).
  if (audit.broken) warn("audit", "audit_broken", { reason: audit.broken });
  // For this run's first hour: long enough to be seen, not a banner for the whole show.
  if (watch.uncleanStop && now - watch.startedAt.getTime() < 60 * 60_000) {
    warn("unclean-stop", "unclean_stop", { started: watch.uncleanStop.startedAt, version: watch.uncleanStop.version });
  }
  if (certificateDays !== null && certificateDays < CERTIFICATE_WARNING_DAYS) {
    const until = watch.tls!.validTo.toISOString();
    if (certificateDays < 0) warn("certificate", "certificate_expired", { until });
    else warn("certificate", "certificate_expiring", { days: Math.floor(certificateDays), until });
  }

  return {
    version: VERSION,
    instance_id: watch.instanceId,
    started_at: watch.startedAt.toISOString(),
    uptime_seconds: Math.round((now - watch.startedAt.getTime()) / 1000),
    disk: {
      media: { path: disk.media.path, free_bytes: disk.media.freeBytes, total_bytes: disk.media.totalBytes },
      database: disk.database
        ? { path: disk.database.path, free_bytes: disk.database.freeBytes, total_bytes: disk.database.totalBytes, hours_left: dbHoursLeft === null ? null : Math.round(dbHoursLeft * 10) / 10 }
        : null,
      reserve_bytes: config.diskReserveBytes,
      stored_last_hour_bytes: media.lastHour,
      hours_left: hoursLeft === null ? null : Math.round(hoursLeft * 10) / 10,
    },
    database_bytes: dbBytes,
    media_bytes: media.total,
    ...numbers,
    errors: (() => {
      const { count, latest } = watch.errors.lastHour(now);
      return { last_hour: count, latest };
    })(),
    backups: config.backups ? { dir: config.backups.dir, interval_hours: config.backups.intervalMs / 3_600_000, keep: config.backups.keep } : null,
    last_backup: lastRun
      ? { started_at: lastRun.startedAt, finished_at: lastRun.finishedAt, file: lastRun.file, size: lastRun.size, verified: lastRun.verified, error: lastRun.error }
      : null,
    tls: watch.tls ? { kind: watch.tls.kind, valid_to: watch.tls.validTo.toISOString(), days_left: Math.floor(certificateDays!) } : null,
    archive_mode: config.archiveMode,
    renditions: {
      making: !!watch.renditions.runner,
      found: watch.renditions.found,
      missing: watch.renditions.missing,
      jobs: renditionJobs,
      failed: failedRenditions.map((job) => ({ media_id: job.subject, attempts: job.attempts, error: job.error, finished_at: job.finishedAt })),
    },
    audit: { entries: audit.entries, head: audit.hash, broken: audit.broken },
    instances: instances.map((row) => ({ id: row.id, host: row.host, version: row.version, started_at: row.startedAt, seen_at: row.seenAt, this: row.id === watch.instanceId })),
    warnings,
  };
}

export type ServerStatus = Awaited<ReturnType<typeof serverStatus>>;
