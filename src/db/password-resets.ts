import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** One live reset code per user; only its hash is kept. */
export const passwordResets = sqliteTable("password_resets", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  expiresAt: integer("expires_at").notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  usedAt: integer("used_at"),
});
