import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The audit log: one row per admin action and per participant change of evidence. Append-only (no update or delete
 * in the application, no foreign keys, so rows outlive the users and items they name). Each row carries the SHA-256
 * of the previous row (prev_hash) and of itself (hash), so an edited or removed row breaks the chain.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** ISO 8601 time of the action. */
    at: text("at").notNull(),
    /** Who acted (null for the system); their name as it was then. */
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull(),
    /** What was done, e.g. "evidence.create", "evidence.visibility", "user.delete". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id"),
    /** JSON: before → after of what changed (never passwords or codes). */
    detail: text("detail").notNull().default("{}"),
    /**
     * HMAC under the audit key of [actor_name, detail], set when the row is sealed: the chain covers this hash in
     * their place, so an erasure can replace them (redacted_at) and the chain still verifies. Null on rows sealed
     * before it existed until the start that re-seals them.
     */
    detailHash: text("detail_hash"),
    /** When the personal values of actor_name and detail were erased (a participant's account deleted or purged). */
    redactedAt: text("redacted_at"),
    prevHash: text("prev_hash"),
    hash: text("hash"),
  },
  (t) => [index("audit_log_target").on(t.targetType, t.targetId), index("audit_log_at").on(t.at), index("audit_log_actor").on(t.actorId)],
);

export type AuditRow = typeof auditLog.$inferSelect;
