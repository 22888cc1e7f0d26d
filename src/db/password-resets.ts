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
  /** When the live code was mailed: a second request within a minute mails nothing (the original client asks twice). */
  sentAt: integer("sent_at").notNull().default(0),
  /**
   * Hash of the proof handed (as an HttpOnly cookie) to the browser whose code check just succeeded; lets that
   * browser alone set the password without resending the code. Short-lived and single use.
   */
  proofHash: text("proof_hash"),
  proofExpiresAt: integer("proof_expires_at"),
});
