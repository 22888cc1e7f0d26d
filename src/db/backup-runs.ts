import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Every scheduled backup, by whichever instance took it: when, where, how large, and whether it verified. */
export const backupRuns = sqliteTable(
  "backup_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    instance: text("instance").notNull(),
    startedAt: text("started_at").notNull(),
    finishedAt: text("finished_at"),
    /** The archive's file name inside BACKUP_DIR. */
    file: text("file").notNull(),
    size: integer("size"),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    /** What went wrong, in one line (no personal data: paths and counts only). */
    error: text("error"),
  },
  (t) => [index("backup_runs_started").on(t.startedAt)],
);

export type BackupRunRow = typeof backupRuns.$inferSelect;
