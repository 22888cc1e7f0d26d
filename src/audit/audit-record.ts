/**
 * Writing audit entries: statements to add to the batch (one transaction) that makes the change, so a change and
 * its record commit or fail together. Rows go in unsealed (hash null); sealAuditLog (audit-chain.ts) seals them
 * right after. Nothing here updates or deletes a row.
 */
import { is, SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { UserRow } from "../db/users";

/**
 * Who acted, as they were named then; null for the operator at the command line; a name without an id for the
 * server's own jobs (the daily retention purge).
 */
export type AuditActor = Pick<UserRow, "id" | "username"> | { id: null; username: string } | null;

/** What changed: each field's value before and after (null when it did not exist). Never passwords, codes, hashes. */
export type AuditDetail = Record<string, unknown>;

export type AuditEntry = {
  /** id "inserted": the user the batch's previous statement created acts (the first admin, made at /setup). */
  actor: AuditActor | { id: "inserted"; username: string };
  /** e.g. "evidence.create", "evidence.update", "evidence.visibility", "evidence.delete", "user.delete". */
  action: string;
  targetType: "evidence" | "user" | "show" | "retention" | "audit";
  /**
   * The target's id; "inserted" = the row the previous statement of the batch inserted (its id is not known yet);
   * an SQL expression for an id the batch computes (the show's new version).
   */
  targetId: number | "inserted" | null | SQL;
  detail: AuditDetail;
  /** Write the entry only when the batch's previous statement changed a row (a compare-and-set that may lose a race). */
  ifChanged?: boolean;
};

const CLI_ACTOR_NAME = "command line";

const actorColumns = (actor: AuditEntry["actor"], action: string, targetType: string) => {
  const id = actor?.id === "inserted" ? sql`last_insert_rowid()` : sql`${actor?.id ?? null}`;
  return sql`${new Date().toISOString()}, ${id}, ${actor?.username ?? CLI_ACTOR_NAME}, ${action}, ${targetType}`;
};

const INSERT = sql`insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, detail)`;

/** One entry; put it in the change's db.batch (right after the insert when targetId is "inserted"). */
export function auditStatement(db: Database, entry: AuditEntry) {
  const target = entry.targetId === "inserted" ? sql`last_insert_rowid()` : is(entry.targetId, SQL) ? entry.targetId : sql`${entry.targetId}`;
  const values = sql`${actorColumns(entry.actor, entry.action, entry.targetType)}, ${target}, ${JSON.stringify(entry.detail)}`;
  return db.run(sql`${INSERT} select ${values}${entry.ifChanged ? sql` where changes() > 0` : sql``}`);
}

/**
 * One entry per row of `rows`, a select giving `target_id` and `detail` (JSON text, e.g. built with json_object from
 * the rows' current values): for changes of many items at once (make all public, bulk actions). Put it in the batch
 * BEFORE the update, so `detail` reads the values before the change.
 */
export function auditEachStatement(db: Database, entry: Omit<AuditEntry, "targetId" | "detail">, rows: SQL) {
  return db.run(sql`${INSERT} select ${actorColumns(entry.actor, entry.action, entry.targetType)}, target_id, detail from (${rows})`);
}

/**
 * `{ field: { before, after } }` for the fields whose values differ. A field missing on one side is null there
 * (`{}` before = created, `{}` after = deleted); a field present but undefined after is left out (unchanged).
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): AuditDetail {
  const detail: AuditDetail = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key in after && after[key] === undefined) continue;
    const was = before[key] ?? null;
    const is = after[key] ?? null;
    if (was !== is) detail[key] = { before: was, after: is };
  }
  return detail;
}
