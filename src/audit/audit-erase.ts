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

/** Whose entries: about these accounts and items; `actors`: also the accounts' names as actors (a deleted account). */
export type Redaction = { userIds: readonly number[]; itemIds: readonly number[]; actors: boolean };

const ids = (values: readonly number[]) => sql.join(values.map((id) => sql`${id}`), sql`, `);

/**
 * Redacts the detail (and, with `actors`, the actor name of the accounts themselves) of the entries about the given
 * accounts and items, and with `actors` the actor name of entries those accounts made about anything else. Seals
 * first, so each entry's detail_hash exists. Returns how many entries were redacted.
 */
export async function redactAuditEntries(db: Database, { userIds, itemIds, actors }: Redaction): Promise<number> {
  if (!userIds.length && !itemIds.length) return 0;
  await sealAuditLog(db);
  const now = new Date().toISOString();
  const users = userIds.length ? sql`(target_type = 'user' and target_id in (${ids(userIds)}))` : sql`0`;
  const items = itemIds.length ? sql`(target_type = 'evidence' and target_id in (${ids(itemIds)}))` : sql`0`;
  const about = sql`(${users} or ${items})`;
  const byThem = userIds.length && actors ? sql`actor_id in (${ids(userIds)})` : sql`0`;
  const redaction = sql`json_object('redacted', json('true'), 'detail_hash', detail_hash)`;
  const [aboutThem, madeByThem] = await db.batch([
    db.run(sql`update audit_log set detail = ${redaction}, redacted_at = ${now},
      actor_name = case when ${byThem} then ${ERASED_NAME} else actor_name end
      where redacted_at is null and ${about}`),
    db.run(sql`update audit_log set actor_name = ${ERASED_NAME}, redacted_at = ${now}
      where redacted_at is null and ${byThem} and not ${about}`),
  ]);
  return aboutThem.rowsAffected + madeByThem.rowsAffected;
}
