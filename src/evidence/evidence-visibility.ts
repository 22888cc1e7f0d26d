/**
 * Making items public or private, with an audit entry for each item that changes. A withdrawal (withdrawn_at) is the
 * participant's standing instruction: no publishing path here makes a withdrawn item public, except an admin's
 * explicit override of that one item, which is audited as its own action and clears the withdrawal.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { auditEachStatement, auditStatement, type AuditActor } from "../audit/audit-record";
import type { Database } from "../db/client";
import { evidence, type EvidenceRow } from "../db/evidence";
import { conflict, notFound } from "../http/errors";
import { UNPUBLISHABLE_IDS } from "../redaction/redaction-state";
import { forgetPublicPages } from "./public-page-cache";

/** Items the redaction rules keep private (src/redaction): a publish leaves them out. */
const unpublishable = sql.raw(UNPUBLISHABLE_IDS);

/** A withdrawal standing in the way of a publish: when, by whom it was recorded, and whose item it is. */
export type StandingWithdrawal = { itemId: number; userId: number; withdrawnAt: string; withdrawnBy: number | null };

/**
 * A compare-and-set flip, so the audit entry records the before → after that really happened (retried on a race).
 * Publishing a withdrawn item answers `{ withdrawal }` and changes nothing, unless `overrideWithdrawal` says the admin
 * means it: then it is published, the withdrawal cleared, and the entry is `evidence.override-withdrawal`.
 */
export async function toggleVisibility(
  db: Database,
  id: number,
  actor: AuditActor,
  { overrideWithdrawal = false } = {},
): Promise<{ item: EvidenceRow } | { withdrawal: StandingWithdrawal } | { unredacted: true }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [current] = await db
      .select({ isPublic: evidence.isPublic, userId: evidence.userId, withdrawnAt: evidence.withdrawnAt, withdrawnBy: evidence.withdrawnBy })
      .from(evidence)
      .where(eq(evidence.id, id))
      .limit(1);
    if (!current) throw notFound("No such evidence.");
    const isPublic = !current.isPublic;
    const withdrawnAt = current.withdrawnAt;
    if (isPublic && withdrawnAt !== null && !overrideWithdrawal) {
      return { withdrawal: { itemId: id, userId: current.userId, withdrawnAt, withdrawnBy: current.withdrawnBy } };
    }
    if (isPublic && (await db.all(sql`select 1 from (${unpublishable}) where id = ${id}`)).length > 0) return { unredacted: true };
    const overriding = isPublic && withdrawnAt !== null;
    const detail = overriding
      ? { is_public: { before: false, after: true }, withdrawn_at: { before: withdrawnAt, after: null }, withdrawn_by: current.withdrawnBy }
      : { is_public: { before: current.isPublic, after: isPublic } };
    const [[item]] = await db.batch([
      db
        .update(evidence)
        .set({ isPublic, updatedAt: new Date().toISOString(), ...(overriding ? { withdrawnAt: null, withdrawnBy: null } : {}) })
        .where(
          and(
            eq(evidence.id, id),
            eq(evidence.isPublic, current.isPublic),
            // The withdrawal seen is the one overridden; a publish without one still finds none.
            withdrawnAt === null ? isNull(evidence.withdrawnAt) : eq(evidence.withdrawnAt, withdrawnAt),
            // A redaction put meanwhile is seen: the publish loses the race and is decided again.
            isPublic ? sql`${evidence.id} not in (${unpublishable})` : undefined,
          ),
        )
        .returning(),
      auditStatement(db, {
        actor,
        action: overriding ? "evidence.override-withdrawal" : "evidence.visibility",
        targetType: "evidence",
        targetId: id,
        detail,
        ifChanged: true,
      }),
    ]);
    forgetPublicPages(db);
    if (item) return { item };
  }
  throw conflict("The item's visibility is being changed by someone else; try again.");
}

/**
 * What a change of many items did: the ids it changed, and those it left private because they were withdrawn, or
 * because the redaction rules keep them private (src/redaction).
 */
export type VisibilityResult = { ids: number[]; skippedWithdrawn: number[]; skippedUnredacted: number[] };

/**
 * Sets the visibility of the given items (all items when ids is undefined), with one audit entry per item that
 * changes (written in the same batch, before the update picks them). Publishing skips withdrawn items; the batch is
 * one transaction, so an item withdrawn while an admin chose it is either skipped and reported, or was published
 * before the withdrawal (which then made it private).
 */
export async function setVisibility(db: Database, isPublic: boolean, actor: AuditActor, ids?: number[]): Promise<VisibilityResult> {
  if (ids?.length === 0) return { ids: [], skippedWithdrawn: [], skippedUnredacted: [] };
  const detail = JSON.stringify({ is_public: { before: !isPublic, after: isPublic } });
  const onlyIds = ids ? sql` and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const notWithdrawn = isPublic ? sql` and withdrawn_at is null and id not in (${unpublishable})` : sql``;
  const [withdrawn, unredacted, , changed] = await db.batch([
    db.all<{ id: number }>(sql`select id from evidence where withdrawn_at is not null${onlyIds} order by id`),
    db.all<{ id: number }>(sql`select id from evidence where is_public = 0 and withdrawn_at is null and id in (${unpublishable})${onlyIds} order by id`),
    auditEachStatement(
      db,
      { actor, action: "evidence.visibility", targetType: "evidence" },
      sql`select id as target_id, ${detail} as detail from evidence where is_public = ${Number(!isPublic)}${notWithdrawn}${onlyIds} order by id`,
    ),
    db
      .update(evidence)
      .set({ isPublic, updatedAt: new Date().toISOString() })
      .where(
        and(
          eq(evidence.isPublic, !isPublic),
          isPublic ? isNull(evidence.withdrawnAt) : undefined,
          isPublic ? sql`${evidence.id} not in (${unpublishable})` : undefined,
          ids ? inArray(evidence.id, ids) : undefined,
        ),
      )
      .returning({ id: evidence.id }),
  ]);
  forgetPublicPages(db);
  return {
    ids: changed.map((row) => row.id),
    skippedWithdrawn: isPublic ? withdrawn.map((row) => row.id) : [],
    skippedUnredacted: isPublic ? unredacted.map((row) => row.id) : [],
  };
}
