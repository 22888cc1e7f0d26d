import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per scheduled job (e.g. "retention"): who holds it now and until when (so one instance of several on one
 * sqld runs it), and what its last run did. Claimed with one conditional update, like an upload's lease.
 */
export const jobRuns = sqliteTable("job_runs", {
  name: text("name").primaryKey(),
  leaseToken: text("lease_token"),
  leasedUntil: text("leased_until"),
  lastRunAt: text("last_run_at"),
  /** JSON: what the last run did (counts), for the admins' view and the log. */
  lastReport: text("last_report"),
});
