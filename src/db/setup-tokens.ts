import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The one-time address that creates the first admin in the browser (one row, id 1). Only its SHA-256 is kept, in the
 * database, so every instance on it accepts the address the start printed; a new start replaces it.
 */
export const setupTokens = sqliteTable("setup_tokens", {
  id: integer("id").primaryKey(),
  tokenHash: text("token_hash").notNull(),
  createdAt: text("created_at").notNull(),
});
