/**
 * Runs one kind of job in this process: every POLL_MS (and when nudged) it queues new work, then takes due jobs until
 * `concurrency` run at once. A running job's lease is renewed every third of JOB_LEASE_MS; a lost lease stops the
 * work. A run ends in one batch (what it wrote, and the job marked done), or in a failure kept with its reason and
 * retried later unless final. Stopping the process hands its running jobs back at once, uncounted.
 */
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { jobs, type JobKind } from "../db/jobs";
import { failJob, failWornOutJobs, finishJobStatement, JOB_LEASE_MS, renewJob, takeJob, type HeldJob } from "./job-queue";

const POLL_MS = 2000;

/** A run that failed; `final` when running it again would end the same way (a limit, an unreadable file). */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
  }
}

export type JobWork = {
  kind: JobKind;
  concurrency: number;
  /** Queues what is new (called before each round of taking). */
  enqueue(): Promise<void>;
  /** Does the job; resolves with the statements that record what it made (run in one batch with its end). */
  run(job: HeldJob, signal: AbortSignal): Promise<BatchItem<"sqlite">[]>;
  /** After a run's batch (e.g. forget cached pages that now have more to show). */
  done?(job: HeldJob): void;
};

export type JobRunner = { nudge(): void; stop(): Promise<void>; running(): number };

export function startJobRunner(db: Database, work: JobWork): JobRunner {
  const running = new Map<number, { job: HeldJob; abort: AbortController; finished: Promise<void> }>();
  let stopped = false;
  let round: Promise<void> | undefined;

  async function runOne(job: HeldJob, abort: AbortController) {
    const renewing = setInterval(() => {
      renewJob(db, job).then(
        (held) => held || abort.abort("another instance took the job"),
        (error) => console.warn(`renewing ${work.kind} job ${job.id} failed:`, error),
      );
    }, JOB_LEASE_MS / 3);
    try {
      const statements = await work.run(job, abort.signal);
      if (abort.signal.aborted) return;
      await db.batch([...statements, finishJobStatement(db, job)] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      work.done?.(job);
    } catch (error) {
      if (stopped) return;
      const final = error instanceof JobFailure && error.final;
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`${work.kind} job ${job.id} (${job.subject}) failed${final ? "" : ", will retry"}: ${reason}`);
      await failJob(db, job, reason, final).catch((e) => console.warn(`recording the failure of job ${job.id} failed:`, e));
    } finally {
      clearInterval(renewing);
    }
  }

  async function takeRound() {
    await work.enqueue();
    await failWornOutJobs(db, work.kind);
    while (!stopped && running.size < work.concurrency) {
      const job = await takeJob(db, work.kind);
      if (!job) return;
      const abort = new AbortController();
      const finished = runOne(job, abort).finally(() => {
        running.delete(job.id);
        nudge();
      });
      running.set(job.id, { job, abort, finished });
    }
  }

  function nudge() {
    if (stopped || round) return;
    round = takeRound()
      .catch((error) => console.warn(`taking ${work.kind} jobs failed:`, error))
      .finally(() => (round = undefined));
  }

  // The first round comes after POLL_MS, not during the start (whose time to listen has a budget).
  const poll = setInterval(nudge, POLL_MS);
  poll.unref();

  return {
    nudge,
    running: () => running.size,
    async stop() {
      stopped = true;
      clearInterval(poll);
      await round;
      const held = [...running.values()];
      for (const { abort } of held) abort.abort("the server is stopping");
      await Promise.all(held.map((h) => h.finished));
      // Handed back for the next start or another instance, without counting this attempt.
      for (const { job } of held) {
        await db
          .update(jobs)
          .set({ state: "pending", attempts: sql`${jobs.attempts} - 1`, leaseToken: null, leasedUntil: null })
          .where(and(eq(jobs.id, job.id), eq(jobs.leaseToken, job.token)))
          .catch(() => {});
      }
    },
  };
}
