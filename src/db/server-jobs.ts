import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A job that one instance of a scaled-out deployment runs for all of them (the scheduled backup): whoever writes its
 * token here first holds it until locked_until, renewing while it works; a holder that died stops renewing.
 */
export const serverJobs = sqliteTable("server_jobs", {
  name: text("name").primaryKey(),
  holder: text("holder"),
  lockedUntil: text("locked_until"),
});
