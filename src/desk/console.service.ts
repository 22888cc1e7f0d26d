import { withRenditions } from "../renditions/renditions.service";
import type { InArgs } from "@libsql/client";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { auditEachStatement, auditStatement, changedFields, type AuditActor } from "../audit/audit-record";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { evidence } from "../db/evidence";
import type { EvidenceWithContext } from "../evidence/evidence-json";
import { ADMIN_COLUMNS_READ, listColumns, listedFromRow } from "../evidence/evidence-queries";
import { setVisibility, type VisibilityResult } from "../evidence/evidence-visibility";
import { currentRedactionJoin, REDACTION_STATES, STATUS_SQL, stateSql, type RedactionState, type RedactionStatus } from "../redaction/redaction-state";
import { deleteEvidenceItems } from "../evidence/evidence.service";
import { notFound } from "../http/errors";
import type { ConsoleFilter, ConsolePage, ConsoleQuery, ReviewStatus, Sort, Visibility } from "./console-query";

/** An admin list row: the admin item plus the desk's facts about its file and participant. */
export type ConsoleItem = EvidenceWithContext & {
  verificationMediaId: string | null;
  /** The current redaction version, where it stands and whether it passed (src/redaction); null when none. */
  redaction: { version: number; status: RedactionStatus; passed: boolean } | null;
};

/**
 * The filter as a FROM clause and SQL conditions, with their arguments in order. A search drives the query from the
 * index (CROSS JOIN keeps it the outer loop) and orders by its rowid, which FTS5 walks in either direction: the newest
 * 50 of thousands of matches then cost 50 lookups, where `e.id in (matches)` sorted every match (profiled: 3 vs 37 ms).
 */
export function consoleSource(filter: ConsoleFilter & { before?: number }) {
  const conditions: string[] = [];
  const args: (string | number)[] = [];
  const add = (condition: string, ...values: (string | number)[]) => {
    conditions.push(condition);
    args.push(...values);
  };
  const oneOf = (column: string, values: (string | number)[]) => add(`${column} in (${values.map(() => "?").join(", ")})`, ...values);
  const searched = filter.match !== undefined;
  const id = searched ? "f.rowid" : "e.id";
  if (searched) add("f.evidence_fts match ?", filter.match!);
  if (filter.ids) oneOf(id, filter.ids);
  if (filter.mediaTypes) oneOf("e.media_type", filter.mediaTypes);
  if (filter.statuses) oneOf("e.review_status", filter.statuses);
  if (filter.visibility) add(`(${filter.visibility.map((state) => VISIBILITY_CONDITIONS[state]).join(" or ")})`);
  if (filter.redaction) oneOf(stateSql("e"), filter.redaction);
  if (filter.userId !== undefined) add("e.user_id = ?", filter.userId);
  if (filter.postedFrom) add("e.date_posted >= ?", filter.postedFrom);
  if (filter.postedBefore) add("e.date_posted < ?", filter.postedBefore);
  if (filter.before !== undefined) add(`${id} < ?`, filter.before);
  return {
    // Each item's current redaction (r, its job rj): the console shows and filters on it.
    from: `${searched ? "evidence_fts f cross join evidence e on e.id = f.rowid" : "evidence e"}${currentRedactionJoin("e")}`,
    where: conditions.length ? ` where ${conditions.join(" and ")}` : "",
    args,
    id,
  };
}

const VISIBILITY_CONDITIONS: Record<Visibility, string> = {
  public: "e.is_public = 1",
  private: "e.is_public = 0",
  withdrawn: "e.withdrawn_at is not null",
};

const orderBy = (sort: Sort, id: string) =>
  ({
    newest: `${id} desc`,
    oldest: `${id} asc`,
    title: "e.title collate nocase, e.id desc",
    participant: "u.full_name collate nocase, u.id, e.id desc",
  })[sort];

/**
 * One page (or, without a page, all) of the admin list. Plain SQL mapped by the evidence lists' own row reader, as
 * the public list does: the builder costs more than the query at console speed.
 */
async function selectConsole(db: Database, filter: ConsoleFilter, sort: Sort, page: ConsolePage | undefined) {
  const { from, where, args, id } = consoleSource({ ...filter, before: page?.before });
  let sql =
    `select ${listColumns("admin")}, u.verification_media_id, r.version, ${STATUS_SQL}, ${stateSql("e")} from ${from}` +
    " join users u on u.id = e.user_id left join media_files m on m.id = e.media_id" +
    `${where} order by ${orderBy(sort, id)}`;
  if (page) {
    sql += " limit ? offset ?";
    args.push(page.limit, page.offset ?? 0);
  }
  const { rows } = await db.$client.execute({ sql, args: args as InArgs });
  return withRenditions(
    db,
    rows.map((row): ConsoleItem => ({
      ...listedFromRow(row, "admin"),
      verificationMediaId: row[ADMIN_COLUMNS_READ] as string | null,
      redaction:
        row[ADMIN_COLUMNS_READ + 1] === null
          ? null
          : { version: row[ADMIN_COLUMNS_READ + 1] as number, status: row[ADMIN_COLUMNS_READ + 2] as RedactionStatus, passed: row[ADMIN_COLUMNS_READ + 3] === "passed" },
    })),
  );
}

export const listConsole = (db: Database, query: ConsoleQuery) => selectConsole(db, query.filter, query.sort, query.page);

/** The admin view of the given items (those that still exist), newest first. */
export const consoleItems = (db: Database, ids: number[]) => (ids.length ? selectConsole(db, { ids }, "newest", undefined) : Promise.resolve([]));

export async function consoleItem(db: Database, id: number): Promise<ConsoleItem> {
  const [item] = await consoleItems(db, [id]);
  if (!item) throw notFound("No such evidence.");
  return item;
}

export type ConsoleCounts = {
  total: number;
  new: number;
  reviewed: number;
  flagged: number;
  public: number;
  private: number;
  withdrawn: number;
  /** Items per redaction state (src/redaction). */
  redaction: Record<RedactionState, number>;
};

export async function countConsole(db: Database, filter: ConsoleFilter): Promise<ConsoleCounts> {
  const { from, where, args } = consoleSource(filter);
  const { rows } = await db.$client.execute({
    sql:
      "select count(*), coalesce(sum(e.review_status = 'new'), 0), coalesce(sum(e.review_status = 'reviewed'), 0)," +
      ` coalesce(sum(e.review_status = 'flagged'), 0), coalesce(sum(e.is_public), 0), coalesce(sum(e.withdrawn_at is not null), 0)` +
      REDACTION_STATES.map((state) => `, coalesce(sum(${stateSql("e")} = '${state}'), 0)`).join("") +
      ` from ${from}${where}`,
    args: args as InArgs,
  });
  const [total, fresh, reviewed, flagged, published, withdrawn, ...states] = Array.from(rows[0]!, Number);
  const redaction = Object.fromEntries(REDACTION_STATES.map((state, i) => [state, states[i]!])) as Record<RedactionState, number>;
  return { total: total!, new: fresh!, reviewed: reviewed!, flagged: flagged!, public: published!, private: total! - published!, withdrawn: withdrawn!, redaction };
}

const now = () => new Date().toISOString();

/** Sets the review state of the given items, with an audit entry per change; returns the ids whose state changed. */
export async function setReviewStatus(db: Database, ids: number[], status: ReviewStatus, actor: AuditActor): Promise<number[]> {
  if (ids.length === 0) return [];
  const [, changed] = await db.batch([
    // One entry per item that changes, written before the update (so "before" is the old state).
    auditEachStatement(
      db,
      { actor, action: "evidence.review", targetType: "evidence" },
      sql`select id as target_id, json_object('review_status', json_object('before', review_status, 'after', ${status})) as detail
          from evidence where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and review_status <> ${status} order by id`,
    ),
    db
      .update(evidence)
      .set({ reviewStatus: status, updatedAt: now() })
      .where(and(inArray(evidence.id, ids), ne(evidence.reviewStatus, status)))
      .returning({ id: evidence.id }),
  ]);
  return changed.map((row) => row.id);
}

/**
 * Saves the notes; with `previous` (what the admin started from) only if nobody changed them meanwhile: otherwise
 * nothing is written and the stored notes are returned as `conflict`, for the admin to choose.
 */
export async function setInvestigatorNotes(
  db: Database,
  id: number,
  { notes, previous }: { notes: string; previous?: string },
  actor: AuditActor,
): Promise<{ conflict?: string }> {
  const [current] = await db.select({ notes: evidence.investigatorNotes }).from(evidence).where(eq(evidence.id, id)).limit(1);
  if (!current) throw notFound("No such evidence.");
  if (current.notes === notes) return {};
  if (previous !== undefined && previous.replace(/\s+$/, "") !== current.notes) return { conflict: current.notes };
  await db.batch([
    db.update(evidence).set({ investigatorNotes: notes, updatedAt: now() }).where(eq(evidence.id, id)),
    auditStatement(db, {
      actor,
      action: "evidence.notes",
      targetType: "evidence",
      targetId: id,
      detail: changedFields({ investigator_notes: current.notes }, { investigator_notes: notes }),
    }),
  ]);
  return {};
}

export const BULK_ACTIONS = ["publish", "unpublish", "reviewed", "flagged", "new", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * One action on many items; the ids it actually changed (unknown ids and items already so are left out), and for a
 * publish the withdrawn ones it left private.
 */
export async function bulkAction(ctx: AppContext, ids: number[], action: BulkAction, actor: AuditActor): Promise<VisibilityResult> {
  const only = (changed: number[]) => ({ ids: changed, skippedWithdrawn: [], skippedUnredacted: [] });
  if (ids.length === 0) return only([]);
  if (action === "publish" || action === "unpublish") return setVisibility(ctx.db, action === "publish", actor, ids);
  if (action === "delete") {
    const items = await ctx.db.select().from(evidence).where(inArray(evidence.id, ids));
    await deleteEvidenceItems(ctx, items, actor);
    return only(items.map((item) => item.id));
  }
  return only(await setReviewStatus(ctx.db, ids, action, actor));
}
