import { eq } from "drizzle-orm";
import { auditStatement, type AuditActor } from "../audit/audit-record";
import type { Database } from "../db/client";
import { evidence, type EvidenceRow } from "../db/evidence";
import { forgetPublicPages } from "../evidence/public-page-cache";

/**
 * A participant takes their item out of the public archive: it is private from this answer on, and stays so through
 * every publish (withdrawn_at is a standing instruction, see evidence-visibility.ts). An admin may record it on the
 * participant's behalf (a request by e-mail or in person): withdrawn_by and the entry then name the admin. Withdrawing
 * again changes nothing.
 */
export async function withdrawItem(db: Database, item: EvidenceRow, actor: AuditActor): Promise<EvidenceRow> {
  if (item.withdrawnAt && !item.isPublic) return item;
  const now = new Date().toISOString();
  const detail = {
    is_public: { before: item.isPublic, after: false },
    withdrawn_at: { before: item.withdrawnAt, after: now },
    ...(actor?.id !== item.userId ? { on_behalf_of: item.userId } : {}),
  };
  const [[withdrawn]] = await db.batch([
    db.update(evidence).set({ isPublic: false, withdrawnAt: now, withdrawnBy: actor?.id ?? null, updatedAt: now }).where(eq(evidence.id, item.id)).returning(),
    auditStatement(db, { actor, action: "evidence.withdraw", targetType: "evidence", targetId: item.id, detail }),
  ]);
  forgetPublicPages(db);
  return withdrawn!;
}
