/**
 * The job queue's statements, as plain functions over the database. A job is taken with one conditional update (a
 * pending job whose time has come, or a running one whose holder's lease ran out), so two instances on one database
 * never hold the same job; renewal and the end of a run are conditional on the taker's token, so an instance that
 * lost its hold changes nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs, type JobKind, type JobRow } from "../db/jobs";

/** A job is held this long without renewal; the runner renews every third of it. */
export const JOB_LEASE_MS = 15_000;
/** Taken this often at most (a crash mid-run counts); then it fails for good with its last reason. */
export const MAX_ATTEMPTS = 3;
/** A retry waits this long times the attempts so far. */
const RETRY_AFTER_MS = 30_000;

const isoIn = (ms: number, now = Date.now()) => new Date(now + ms).toISOString();

export type HeldJob = Pick<JobRow, "id" | "kind" | "subject" | "attempts"> & { token: string };

/** Jobs a participant may have waiting or running at once; their further files are queued as these end. */
export const MAX_QUEUED_PER_OWNER = 10;

/**
 * Adds a job for every media file stored since `since` (ISO; every file when undefined) that has none yet, unless
 * its owner has MAX_QUEUED_PER_OWNER jobs waiting or running already; files the browsers made themselves (their
 * thumbnails) need none. A file's row is written a little after its created_at (once its bytes are stored), so
 * callers look back with a margin: the jobs' unique index makes a second look free. Resolves true when a file was
 * held back by its owner's limit (the caller then looks at every file again next time, until none is).
 */
export async function enqueueMedia(db: Database, kind: JobKind, since: string | undefined): Promise<boolean> {
  const now = new Date().toISOString();
  const withoutJob = sql`m.purpose <> 'thumbnail' and m.created_at >= ${since ?? ""}
      and not exists (select 1 from jobs j where j.kind = ${kind} and j.subject = m.id)`;
  // Each owner's files without a job, numbered oldest first, after the jobs the owner has waiting or running.
  await db.run(sql`with queued as (select qm.owner_id, count(*) as n from jobs q join media_files qm on qm.id = q.subject
        where q.kind = ${kind} and q.state in ('pending', 'running') group by qm.owner_id),
      fresh as (select m.id, m.owner_id, row_number() over (partition by m.owner_id order by m.created_at, m.rowid) as n from media_files m where ${withoutJob})
    insert into jobs (kind, subject, state, run_after, created_at)
    select ${kind}, f.id, 'pending', ${now}, ${now} from fresh f left join queued q on q.owner_id = f.owner_id
    where f.n + coalesce(q.n, 0) <= ${MAX_QUEUED_PER_OWNER}
    on conflict (kind, subject) do nothing`);
  const [held] = (await db.all(sql`select 1 from media_files m where ${withoutJob} limit 1`)) as unknown[];
  return held !== undefined;
}

/**
 * Takes the next job that is due (or whose holder's lease ran out), or undefined when there is none: the oldest job
 * of the participant served longest ago (whose last job ended first; one with a job running now comes last; one never
 * served, first). Taking in turns across owners, from the database, holds across instances: one participant's
 * files delay another's by at most the one job already running.
 */
export async function takeJob(db: Database, kind: JobKind): Promise<HeldJob | undefined> {
  const token = crypto.randomUUID();
  const now = new Date().toISOString();
  // When each owner was last served, worked out once for all owners: asked per candidate job, it made the take
  // quadratic in the queue (1,200 queued after a show night held every request ~220 ms at each take).
  const [taken] = (await db.all(sql`with served as (select om.owner_id,
        max(case when o.state = 'running' and o.leased_until >= ${now} then 'running' else o.finished_at end) as at
        from jobs o join media_files om on om.id = o.subject where o.kind = ${kind} group by om.owner_id)
    update jobs set state = 'running', lease_token = ${token}, leased_until = ${isoIn(JOB_LEASE_MS)},
      attempts = attempts + 1
    where id = (select j.id from jobs j left join media_files m on m.id = j.subject left join served s on s.owner_id = m.owner_id
      where j.kind = ${kind}
        and ((j.state = 'pending' and j.run_after <= ${now}) or (j.state = 'running' and j.leased_until < ${now} and j.attempts < ${MAX_ATTEMPTS}))
      order by coalesce(s.at, ''), j.id
      limit 1)
    returning id, kind, subject, attempts`)) as Pick<JobRow, "id" | "kind" | "subject" | "attempts">[];
  return taken && { ...taken, token };
}

const held = (job: HeldJob) => and(eq(jobs.id, job.id), eq(jobs.leaseToken, job.token), eq(jobs.state, "running"));

/** Renews the hold; false when it was lost (another instance took the job after our lease ran out). */
export async function renewJob(db: Database, job: HeldJob): Promise<boolean> {
  const renewed = await db.update(jobs).set({ leasedUntil: isoIn(JOB_LEASE_MS) }).where(held(job)).returning({ id: jobs.id });
  return renewed.length > 0;
}

/** The statement that ends a run well (to go in one batch with what the run wrote). */
export const finishJobStatement = (db: Database, job: HeldJob) =>
  db.update(jobs).set({ state: "done", leaseToken: null, leasedUntil: null, error: null, finishedAt: new Date().toISOString() }).where(held(job));

/**
 * Ends a failed run: tried again later, unless `final` (a time or size limit: running it again would end the same
 * way) or it was the last attempt.
 */
export async function failJob(db: Database, job: HeldJob, reason: string, final: boolean): Promise<void> {
  const again = !final && job.attempts < MAX_ATTEMPTS;
  await db
    .update(jobs)
    .set({
      state: again ? "pending" : "failed",
      runAfter: isoIn(RETRY_AFTER_MS * job.attempts),
      leaseToken: null,
      leasedUntil: null,
      error: reason.slice(0, 500),
      finishedAt: again ? null : new Date().toISOString(),
    })
    .where(held(job));
}

/**
 * A job taken more than MAX_ATTEMPTS times without ending (each holder died mid-run: a file that crashes the
 * machine's tools, or the instance, every time) fails for good instead of being taken forever.
 */
export async function failWornOutJobs(db: Database, kind: JobKind): Promise<void> {
  await db.run(sql`update jobs set state = 'failed', lease_token = null, leased_until = null, finished_at = ${new Date().toISOString()},
      error = coalesce(error, 'The server stopped during each of its attempts.')
    where kind = ${kind} and state = 'running' and leased_until < ${new Date().toISOString()} and attempts >= ${MAX_ATTEMPTS}`);
}

export type JobCounts = { pending: number; running: number; failed: number; done: number };

export async function jobCounts(db: Database, kind: JobKind): Promise<JobCounts> {
  const rows = (await db.all(sql`select state, count(*) as n from jobs where kind = ${kind} group by state`)) as { state: keyof JobCounts; n: number }[];
  const counts: JobCounts = { pending: 0, running: 0, failed: 0, done: 0 };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

export async function failedJobs(db: Database, kind: JobKind, limit = 50) {
  return db
    .select({ id: jobs.id, subject: jobs.subject, attempts: jobs.attempts, error: jobs.error, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.state, "failed")))
    .orderBy(sql`${jobs.id} desc`)
    .limit(limit);
}

/** Runs a failed job again (an admin's retry after fixing what it lacked, e.g. installing ffmpeg). */
export async function retryFailedJobs(db: Database, kind: JobKind): Promise<number> {
  const retried = await db
    .update(jobs)
    .set({ state: "pending", attempts: 0, runAfter: new Date().toISOString(), error: null, finishedAt: null })
    .where(and(eq(jobs.kind, kind), eq(jobs.state, "failed")))
    .returning({ id: jobs.id });
  return retried.length;
}
