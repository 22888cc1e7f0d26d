import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Background work that outlives a request and a restart (src/jobs): one row per piece of work on one subject (for
 * kind "renditions", the media file's id). An instance takes a job with one conditional update and holds it by a
 * lease it renews while it works, as uploads are held; a job whose holder died is taken again once the lease ran out.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["renditions", "redaction"] }).notNull(),
    subject: text("subject").notNull(),
    state: text("state", { enum: ["pending", "running", "done", "failed"] }).notNull().default("pending"),
    /** Times it was taken (a run that was cut off by a crash counts too); it fails for good after MAX_ATTEMPTS. */
    attempts: integer("attempts").notNull().default(0),
    /** Not taken before this (ISO): a retry waits a little longer each time. */
    runAfter: text("run_after").notNull(),
    leaseToken: text("lease_token"),
    leasedUntil: text("leased_until"),
    /** Why the last attempt failed, in words an admin can act on. */
    error: text("error"),
    createdAt: text("created_at").notNull(),
    finishedAt: text("finished_at"),
  },
  (t) => [uniqueIndex("jobs_kind_subject").on(t.kind, t.subject), index("jobs_state").on(t.state, t.runAfter)],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobKind = JobRow["kind"];
