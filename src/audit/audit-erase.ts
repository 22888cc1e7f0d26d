/**
 * Erasing a person from the audit log without breaking its chain: the entries stay (what happened, when, to which
 * id), their actor_name and detail are replaced by a redaction that keeps detail_hash, the keyed hash of what was
 * removed. The chain covers detail_hash, not the values (audit-chain.ts), so `audit verify` still passes. This is
 * the one update of audit rows the application makes.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { sealAuditLog } from "./audit-chain";

/** The actor name an erased person's entries keep. */
export const ERASED_NAME = "erased participant";

/**
 * Redacts the entries about user `userId` (their account, and the items `itemIds` they sent: actor and detail) and
 * the actor name of entries they made about anything else. Seals first, so each entry's detail_hash exists.
 * Returns how many entries were redacted.
 */
export async function redactAuditEntries(db: Database, userId: number, itemIds: readonly number[]): Promise<number> {
  await sealAuditLog(db);
  const now = new Date().toISOString();
  const items = itemIds.length ? sql`target_type = 'evidence' and target_id in (${sql.join(itemIds.map((id) => sql`${id}`), sql`, `)})` : sql`0`;
  const about = sql`((target_type = 'user' and target_id = ${userId}) or ${items})`;
  const redaction = sql`json_object('redacted', json('true'), 'detail_hash', detail_hash)`;
  const [aboutThem, byThem] = await db.batch([
    db.run(sql`update audit_log set detail = ${redaction}, redacted_at = ${now},
      actor_name = case when actor_id = ${userId} then ${ERASED_NAME} else actor_name end
      where redacted_at is null and ${about}`),
    db.run(sql`update audit_log set actor_name = ${ERASED_NAME}, redacted_at = ${now}
      where redacted_at is null and actor_id = ${userId} and not ${about}`),
  ]);
  return aboutThem.rowsAffected + byThem.rowsAffected;
}
