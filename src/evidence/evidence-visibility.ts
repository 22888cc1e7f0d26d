/** Making items public or private, with an audit entry for each item that changes. */
import { and, eq, inArray, sql } from "drizzle-orm";
import { auditEachStatement, auditStatement, type AuditActor } from "../audit/audit-record";
import type { Database } from "../db/client";
import { evidence, type EvidenceRow } from "../db/evidence";
import { conflict, notFound } from "../http/errors";
import { forgetPublicPages } from "./public-page-cache";

/** A compare-and-set flip, so the audit entry records the before → after that really happened (retried on a race). */
export async function toggleVisibility(db: Database, id: number, actor: AuditActor): Promise<EvidenceRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [current] = await db.select({ isPublic: evidence.isPublic }).from(evidence).where(eq(evidence.id, id)).limit(1);
    if (!current) throw notFound("No such evidence.");
    const isPublic = !current.isPublic;
    const [[item]] = await db.batch([
      db
        .update(evidence)
        .set({ isPublic, updatedAt: new Date().toISOString() })
        .where(and(eq(evidence.id, id), eq(evidence.isPublic, current.isPublic)))
        .returning(),
      auditStatement(db, {
        actor,
        action: "evidence.visibility",
        targetType: "evidence",
        targetId: id,
        detail: { is_public: { before: current.isPublic, after: isPublic } },
        ifChanged: true,
      }),
    ]);
    forgetPublicPages(db);
    if (item) return item;
  }
  throw conflict("The item's visibility is being changed by someone else; try again.");
}

/**
 * Sets the visibility of the given items (all items when ids is undefined), with one audit entry per item that
 * changes (written in the same batch, before the update picks them); returns the ids it changed.
 */
export async function setVisibility(db: Database, isPublic: boolean, actor: AuditActor, ids?: number[]): Promise<number[]> {
  if (ids?.length === 0) return [];
  const detail = JSON.stringify({ is_public: { before: !isPublic, after: isPublic } });
  const onlyIds = ids ? sql` and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const [, changed] = await db.batch([
    auditEachStatement(
      db,
      { actor, action: "evidence.visibility", targetType: "evidence" },
      sql`select id as target_id, ${detail} as detail from evidence where is_public = ${Number(!isPublic)}${onlyIds} order by id`,
    ),
    db
      .update(evidence)
      .set({ isPublic, updatedAt: new Date().toISOString() })
      .where(and(eq(evidence.isPublic, !isPublic), ids ? inArray(evidence.id, ids) : undefined))
      .returning({ id: evidence.id }),
  ]);
  forgetPublicPages(db);
  return changed.map((row) => row.id);
}
