/**
 * A job one instance runs for all instances on one database (as upload-lease.ts does for one upload): the row's
 * holder names who runs it and locked_until ends the hold. The holder renews while it works; one that died stops
 * renewing and, after LEASE_MS, another instance may take the job. Renewal and release are conditional on the
 * holder's token, so an instance that lost the hold changes nothing.
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { serverJobs } from "../db/server-jobs";

export const LEASE_MS = 5 * 60_000;
const RENEW_MS = LEASE_MS / 3;

const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

export class JobLease {
  private renewing: ReturnType<typeof setInterval> | undefined;

  private constructor(
    private readonly db: Database,
    readonly name: string,
    readonly holder: string,
  ) {}

  /** Takes the job when nobody holds it (or the holder's time ran out); undefined when another instance has it. */
  static async take(db: Database, name: string, holder: string): Promise<JobLease | undefined> {
    await db.insert(serverJobs).values({ name }).onConflictDoNothing();
    const taken = await db
      .update(serverJobs)
      .set({ holder, lockedUntil: isoIn(LEASE_MS) })
      .where(and(eq(serverJobs.name, name), or(isNull(serverJobs.holder), lt(serverJobs.lockedUntil, new Date().toISOString()))))
      .returning({ name: serverJobs.name });
    if (!taken.length) return undefined;
    const lease = new JobLease(db, name, holder);
    lease.renewing = setInterval(() => lease.renew().catch((error) => console.warn(`renewing the ${name} job's lease failed:`, error)), RENEW_MS);
    lease.renewing.unref();
    return lease;
  }

  private async renew(): Promise<void> {
    await this.db
      .update(serverJobs)
      .set({ lockedUntil: isoIn(LEASE_MS) })
      .where(and(eq(serverJobs.name, this.name), eq(serverJobs.holder, this.holder)));
  }

  async release(): Promise<void> {
    clearInterval(this.renewing);
    await this.db
      .update(serverJobs)
      .set({ holder: null, lockedUntil: null })
      .where(and(eq(serverJobs.name, this.name), eq(serverJobs.holder, this.holder)));
  }
}
