import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Each running instance writes its heartbeat here, so the Server screen lists every instance of a scaled-out deployment. */
export const serverInstances = sqliteTable("server_instances", {
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  version: text("version").notNull(),
  startedAt: text("started_at").notNull(),
  seenAt: text("seen_at").notNull(),
});
