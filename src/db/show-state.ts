import { integer, sqliteTable } from "drizzle-orm/sqlite-core";

/**
 * One row (id 1): the show's content version, raised in the same batch as every change, so each instance can keep
 * the show in memory and know from one small read whether another instance changed it; and the briefing version,
 * raised when an admin asks every participant to watch the briefing again.
 */
export const showState = sqliteTable("show_state", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
  briefingVersion: integer("briefing_version").notNull().default(0),
});
