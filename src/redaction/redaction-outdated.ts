import { sql } from "drizzle-orm";
import { auditEachStatement, type AuditActor } from "../audit/audit-record";
import type { Database } from "../db/client";

/** What the studio and the console say of an item whose file was replaced after it was redacted. */
export const OUTDATED_ERROR = "The file was replaced after it was redacted: redact the new file.";

/**
 * The statements that go with replacing an item's file, in the same batch: when the item has redaction versions, they
 * describe the old file, so a new version says so — failed, hiding picture and sound, with no copy — and the new file
 * is neither served to visitors nor publishable until it is redacted (or the redaction undone) in the studio. Nothing
 * happens to an item that never had a version.
 */
export function outdateRedactionStatements(db: Database, itemId: number, actor: AuditActor) {
  const now = new Date().toISOString();
  const latest = sql`(select max(version) from redactions where evidence_id = ${itemId})`;
  return [
    db.run(sql`insert into redactions (evidence_id, version, plan, picture, sound, status, created_by, created_at, error)
      select ${itemId}, ${latest} + 1, ${JSON.stringify({ regions: [], audio: [] })}, 1, 1, 'failed', ${actor?.id ?? null}, ${now}, ${OUTDATED_ERROR}
      where ${latest} is not null`),
    auditEachStatement(
      db,
      { actor, action: "evidence.redaction-outdated", targetType: "evidence" },
      sql`select ${itemId} as target_id, json_object('version', ${latest}) as detail where exists (select 1 from redactions where evidence_id = ${itemId})`,
    ),
  ];
}
