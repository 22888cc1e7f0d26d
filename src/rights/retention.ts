/**
 * Retention after the show: RETENTION_DAYS after archive mode was first seen on, participants' verification photos,
 * phone numbers and e-mail addresses go (files, rows, and their values in the audit log), and with
 * RETENTION_KEEP_UNPUBLISHED=off the items never made public too. Published items, usernames and avatars stay: they
 * are the archive.
 *
 * The purge runs once a day at most, on one instance of several on one sqld: a job_runs row is claimed with one
 * conditional update (a lease, as uploads are held), and the run's counts are written back there and to the log.
 * Admins see what is due next and may run it early (POST /api/retention/run, stating the counts they confirmed).
 */
import { and, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { redactAuditEntries } from "../audit/audit-erase";
import { auditStatement, type AuditActor } from "../audit/audit-record";
import { ROLE_USER } from "../auth/guard";
import type { AppContext } from "../context";
import { evidence } from "../db/evidence";
import { jobRuns } from "../db/job-runs";
import { mediaFiles } from "../db/media-files";
import { scrubDeletedData } from "../db/scrub";
import { showSettings } from "../db/show-settings";
import { users } from "../db/users";
import { deleteEvidenceItems } from "../evidence/evidence.service";
import { forgetPublicPages } from "../evidence/public-page-cache";
import { discardStored } from "../media/media.service";

const JOB = "retention";
/** The show_settings row holding when archive mode was first seen on (not a field admins edit). */
const ARCHIVE_SINCE = "archive_since";
const DAY_MS = 24 * 60 * 60_000;
/** A purge holds the job this long at most (a crashed instance's claim runs out). */
const LEASE_MS = 30 * 60_000;
/** Runs are a day apart; a little less, so an hourly check does not drift a day later each time. */
const RUN_EVERY_MS = DAY_MS - 60 * 60_000;

export type RetentionCounts = { photos: number; phones: number; emails: number; items: number };

export type RetentionPlan = {
  days: number;
  keepUnpublished: boolean;
  /** When archive mode was first seen on; null while the show runs. */
  archiveSince: string | null;
  /** When what the counts name is purged; null while the show runs. */
  dueAt: string | null;
  /** What the purge would remove if it ran now. */
  counts: RetentionCounts;
  lastRun: { at: string; report: RetentionCounts } | null;
};

/** At start: archive mode on records when the show ended (once); off again (the show reopened) forgets it. */
export async function noteArchiveMode(ctx: AppContext, now = new Date()): Promise<void> {
  if (!ctx.config.archiveMode) {
    await ctx.db.delete(showSettings).where(eq(showSettings.field, ARCHIVE_SINCE));
    return;
  }
  await ctx.db.insert(showSettings).values({ field: ARCHIVE_SINCE, value: JSON.stringify(now.toISOString()), updatedAt: now.toISOString() }).onConflictDoNothing();
}

const participants = eq(users.role, ROLE_USER);
const holdsPersonal = or(isNotNull(users.verificationMediaId), ne(users.phoneNumber, ""), ne(users.email, ""));

async function countDue(ctx: AppContext): Promise<RetentionCounts> {
  const [row] = await ctx.db
    .select({
      photos: sql<number>`count(${users.verificationMediaId})`,
      phones: sql<number>`coalesce(sum(${users.phoneNumber} <> ''), 0)`,
      emails: sql<number>`coalesce(sum(${users.email} <> ''), 0)`,
    })
    .from(users)
    .where(participants);
  const [unpublished] = ctx.config.retention.keepUnpublished
    ? [{ items: 0 }]
    : await ctx.db.select({ items: sql<number>`count(*)` }).from(evidence).where(eq(evidence.isPublic, false));
  return { photos: row!.photos, phones: row!.phones, emails: row!.emails, items: unpublished!.items };
}

export async function retentionPlan(ctx: AppContext): Promise<RetentionPlan> {
  const [since] = await ctx.db.select().from(showSettings).where(eq(showSettings.field, ARCHIVE_SINCE));
  const archiveSince = since ? (JSON.parse(since.value) as string) : null;
  const [job] = await ctx.db.select().from(jobRuns).where(eq(jobRuns.name, JOB));
  const { days, keepUnpublished } = ctx.config.retention;
  return {
    days,
    keepUnpublished,
    archiveSince,
    dueAt: archiveSince ? new Date(Date.parse(archiveSince) + days * DAY_MS).toISOString() : null,
    counts: await countDue(ctx),
    lastRun: job?.lastRunAt && job.lastReport ? { at: job.lastRunAt, report: JSON.parse(job.lastReport) as RetentionCounts } : null,
  };
}

export type RetentionRun = { ran: true; report: RetentionCounts } | { ran: false; reason: string };

/**
 * Purges what is due. `early`: an admin's run before the due date (still only after the show). Returns what it
 * removed, or why nothing ran (not due, the show still running, or another instance has it or ran it today).
 */
export async function runRetention(ctx: AppContext, options: { now?: Date; early?: boolean; actor?: AuditActor } = {}): Promise<RetentionRun> {
  const now = options.now ?? new Date();
  const plan = await retentionPlan(ctx);
  if (!plan.dueAt) return { ran: false, reason: "The show has not ended: archive mode is off." };
  if (!options.early && now < new Date(plan.dueAt)) return { ran: false, reason: `Nothing is due before ${plan.dueAt}.` };
  const token = crypto.randomUUID();
  await ctx.db.insert(jobRuns).values({ name: JOB }).onConflictDoNothing();
  const free = sql`(${jobRuns.leasedUntil} is null or ${jobRuns.leasedUntil} < ${now.toISOString()})`;
  const rested = sql`(${jobRuns.lastRunAt} is null or ${jobRuns.lastRunAt} < ${new Date(now.getTime() - RUN_EVERY_MS).toISOString()})`;
  const claimed = await ctx.db
    .update(jobRuns)
    .set({ leaseToken: token, leasedUntil: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where(and(eq(jobRuns.name, JOB), free, options.early ? undefined : rested))
    .returning();
  if (!claimed.length) return { ran: false, reason: "Another instance is purging, or the purge ran within the last day." };
  try {
    const report = await purge(ctx, options.actor ?? { id: null, username: "retention (daily)" });
    await ctx.db
      .update(jobRuns)
      .set({ leaseToken: null, leasedUntil: null, lastRunAt: now.toISOString(), lastReport: JSON.stringify(report) })
      .where(and(eq(jobRuns.name, JOB), eq(jobRuns.leaseToken, token)));
    console.log(
      `retention: purged ${report.photos} verification photos, ${report.phones} phone numbers, ${report.emails} e-mail addresses` +
        `, ${report.items} unpublished items (${plan.days} days after the show ended at ${plan.archiveSince})`,
    );
    return { ran: true, report };
  } catch (error) {
    await ctx.db.update(jobRuns).set({ leaseToken: null, leasedUntil: null }).where(and(eq(jobRuns.name, JOB), eq(jobRuns.leaseToken, token)));
    throw error;
  }
}

async function purge(ctx: AppContext, actor: AuditActor): Promise<RetentionCounts> {
  const counts = await countDue(ctx);
  const people = await ctx.db.select({ id: users.id }).from(users).where(and(participants, holdsPersonal));
  const ids = people.map((person) => person.id);
  const photos = ids.length
    ? await ctx.db.select().from(mediaFiles).where(and(eq(mediaFiles.purpose, "verification"), inArray(mediaFiles.ownerId, ids)))
    : [];
  const entry = auditStatement(ctx.db, { actor, action: "retention.purge", targetType: "retention", targetId: null, detail: { ...counts, days: ctx.config.retention.days } });
  if (ids.length) {
    await ctx.db.batch([
      entry,
      ctx.db
        .update(users)
        .set({ phoneNumber: "", email: "", emailKey: sql`'purged:' || ${users.id}`, verificationMediaId: null })
        .where(inArray(users.id, ids)),
      ctx.db.delete(mediaFiles).where(and(eq(mediaFiles.purpose, "verification"), inArray(mediaFiles.ownerId, ids))),
    ]);
    await discardStored(ctx.store, photos);
  } else if (counts.items) await entry;
  const unpublished = ctx.config.retention.keepUnpublished ? [] : await ctx.db.select().from(evidence).where(eq(evidence.isPublic, false));
  await deleteEvidenceItems(ctx, unpublished, actor);
  forgetPublicPages(ctx.db);
  await redactAuditEntries(ctx.db, { userIds: ids, itemIds: unpublished.map((item) => item.id), actors: false });
  await scrubDeletedData(ctx.db);
  return counts;
}
