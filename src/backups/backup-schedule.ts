/**
 * Scheduled backups (BACKUP_DIR): the server takes `casefile backup`'s consistent snapshot itself every
 * BACKUP_INTERVAL_HOURS, verifies the archive (backup-verify.ts), and only then deletes the oldest verified ones
 * beyond BACKUP_KEEP. Of several instances on one database, one takes each backup (a lease in server_jobs) and
 * backup_runs tells all of them when the last one started, so they take one per interval between them.
 *
 * A failure is logged, recorded in backup_runs (the Server screen shows it) and tried again at the next interval, not
 * in a loop. An archive that fails verification is kept under a name pruning never touches, for the operator to look at.
 */
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { backupVerified } from "../cli/backup";
import type { AppContext } from "../context";
import { backupRuns } from "../db/backup-runs";
import type { ErrorLog } from "../server-status/error-log";
import { JobLease } from "./job-lease";

/** How often an instance looks whether a backup is due: a start with none recent takes one within a minute. */
const CHECK_MS = 60_000;
const FIRST_CHECK_MS = 5_000;
const VERIFIED_NAME = /^casefile-\d{8}T\d{6}Z\.tar$/;

const stampOf = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
const oneLine = (error: unknown) => String((error as Error)?.message ?? error).replace(/\s+/g, " ").slice(0, 500);

/** Starts looking for due backups; returns the function that stops it. No BACKUP_DIR: nothing. */
export function scheduleBackups(ctx: AppContext, instanceId: string, errors: ErrorLog): () => void {
  const settings = ctx.config.backups;
  if (!settings) return () => {};
  const checkMs = Math.min(CHECK_MS, settings.intervalMs / 2);
  let running: Promise<void> | undefined;
  const check = () => {
    running ??= backupIfDue(ctx, instanceId, errors).finally(() => (running = undefined));
  };
  const first = setTimeout(check, Math.min(FIRST_CHECK_MS, checkMs));
  const every = setInterval(check, checkMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

/** The newest backup run of any instance (finished or not). */
export async function lastBackupRun(ctx: AppContext) {
  return (await ctx.db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(1))[0];
}

async function due(ctx: AppContext): Promise<boolean> {
  const last = await lastBackupRun(ctx);
  return !last || Date.now() - Date.parse(last.startedAt) >= ctx.config.backups!.intervalMs;
}

async function backupIfDue(ctx: AppContext, instanceId: string, errors: ErrorLog): Promise<void> {
  try {
    if (!(await due(ctx))) return;
    const lease = await JobLease.take(ctx.db, "backup", instanceId);
    if (!lease) return;
    try {
      // Another instance may have finished one between our look and our lease.
      if (await due(ctx)) await takeBackup(ctx, instanceId, errors);
    } finally {
      await lease.release();
    }
  } catch (error) {
    console.error(`scheduled backup: ${oneLine(error)}`);
    errors.record(`scheduled backup: ${oneLine(error)}`);
  }
}

async function takeBackup(ctx: AppContext, instanceId: string, errors: ErrorLog): Promise<void> {
  const { dir, keep } = ctx.config.backups!;
  const started = new Date();
  const file = `casefile-${stampOf(started)}.tar`;
  const target = path.join(dir, file);
  const [run] = await ctx.db.insert(backupRuns).values({ instance: instanceId, startedAt: started.toISOString(), file }).returning({ id: backupRuns.id });
  const finish = (values: Partial<typeof backupRuns.$inferInsert>) =>
    ctx.db.update(backupRuns).set({ finishedAt: new Date().toISOString(), ...values }).where(eq(backupRuns.id, run!.id));
  try {
    // Readable by this account only: archives hold every participant's data and the audit key.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const { check, file: written } = await backupVerified(ctx.config, target);
    const { size } = await stat(written);
    if (!check.ok) {
      // Counted before the run's row says so: whoever reads the failed run sees its error counted too.
      const line = `scheduled backup ${path.basename(written)} failed verification: ${check.problems.join("; ")}`;
      console.error(line);
      errors.record(line.slice(0, 500));
      await finish({ size, file: path.basename(written), error: `verification failed: ${check.problems.join("; ")}`.slice(0, 1000) });
      return;
    }
    await finish({ size, verified: true });
    const pruned = await pruneBackups(dir, keep);
    console.log(`scheduled backup ${file}: ${size} bytes, ${check.mediaFiles} media files, verified${pruned ? `; ${pruned} older removed` : ""}`);
  } catch (error) {
    console.error(`scheduled backup ${file} failed: ${oneLine(error)}`);
    errors.record(`scheduled backup failed: ${oneLine(error)}`);
    await rm(target, { force: true }).catch(() => {});
    await finish({ error: oneLine(error) });
  }
}

/** Deletes the oldest verified archives beyond `keep` (their names sort by time); returns how many. */
async function pruneBackups(dir: string, keep: number): Promise<number> {
  const verified = (await readdir(dir)).filter((name) => VERIFIED_NAME.test(name)).sort();
  const old = verified.slice(0, Math.max(0, verified.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old.length;
}
