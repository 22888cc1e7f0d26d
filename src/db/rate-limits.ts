import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Fixed-window counters for rate limits that guard accounts. They live in the database, not in a process, so
 * every instance on one libSQL server counts the same hits; each hit is one atomic upsert.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** Epoch ms at which the window ends and the count starts again from zero. */
  resetAt: integer("reset_at").notNull(),
});
