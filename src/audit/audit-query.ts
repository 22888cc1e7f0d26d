/** GET /api/audit: its filters read and checked, and the page of entries they select (newest first). */
import { and, desc, eq, getTableColumns, gte, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { ROLE_ADMIN } from "../auth/guard";
import type { Database } from "../db/client";
import { auditLog, type AuditRow } from "../db/audit-log";
import { evidence } from "../db/evidence";
import { users } from "../db/users";
import { badRequest } from "../http/errors";

const LIMIT_DEFAULT = 100;
const LIMIT_MAX = 200;

export type AuditFilter = {
  actor?: number;
  /** Entries by admins (and the command line) only: what people did to the show, not participants' own uploads. */
  adminsOnly: boolean;
  action?: string;
  targetType?: string;
  targetId?: number;
  from?: string;
  to?: string;
  limit: number;
  before?: number;
};

const ID = /^[1-9]\d{0,15}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function idParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!ID.test(value)) throw badRequest(`${name} must be an id (a whole number from 1)`);
  return Number(value);
}

function wordParam(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[a-z][a-z.-]{0,63}$/.test(value)) throw badRequest(`${name} must be a name such as evidence.update`);
  return value;
}

/** An ISO date (the whole day counts: from its start, to its end) or datetime, as the ISO text stored in `at`. */
function timeParam(value: string | undefined, name: string, end: "start" | "end"): string | undefined {
  if (value === undefined) return undefined;
  const time = DATE.test(value) ? `${value}T${end === "start" ? "00:00:00.000" : "23:59:59.999"}Z` : DATETIME.test(value) ? value : "";
  const parsed = new Date(time);
  if (!time || Number.isNaN(parsed.getTime())) throw badRequest(`${name} must be an ISO date (2026-11-22) or datetime (2026-11-22T18:30:00Z)`);
  return parsed.toISOString();
}

function byParam(value: string | undefined): boolean {
  if (value === undefined || value === "all") return false;
  if (value === "admins") return true;
  throw badRequest("by must be admins or all");
}

export function readAuditFilter(query: Record<string, string | undefined>): AuditFilter {
  const limitRaw = query.limit ?? String(LIMIT_DEFAULT);
  if (!/^\d{1,4}$/.test(limitRaw) || Number(limitRaw) < 1 || Number(limitRaw) > LIMIT_MAX) {
    throw badRequest(`limit must be a whole number from 1 to ${LIMIT_MAX}`);
  }
  return {
    actor: idParam(query.actor, "actor"),
    adminsOnly: byParam(query.by),
    action: wordParam(query.action, "action"),
    targetType: wordParam(query.target_type, "target_type"),
    targetId: idParam(query.target_id, "target_id"),
    from: timeParam(query.from, "from", "start"),
    to: timeParam(query.to, "to", "end"),
    limit: Number(limitRaw),
    before: idParam(query.before, "before"),
  };
}

/** Entries newest first, each with the current name of its target (an item's title, a user's username) when it still exists. */
export function listAudit(db: Database, filter: AuditFilter): Promise<(AuditRow & { targetName: string | null })[]> {
  const admins = sql`select ${users.id} from ${users} where ${users.role} = ${ROLE_ADMIN}`;
  const conditions: (SQL | undefined)[] = [
    filter.actor !== undefined ? eq(auditLog.actorId, filter.actor) : undefined,
    filter.adminsOnly ? or(isNull(auditLog.actorId), sql`${auditLog.actorId} in (${admins})`) : undefined,
    filter.action !== undefined ? eq(auditLog.action, filter.action) : undefined,
    filter.targetType !== undefined ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId !== undefined ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.from !== undefined ? gte(auditLog.at, filter.from) : undefined,
    filter.to !== undefined ? lte(auditLog.at, filter.to) : undefined,
    filter.before !== undefined ? lt(auditLog.id, filter.before) : undefined,
  ];
  return db
    .select({ ...getTableColumns(auditLog), targetName: sql<string | null>`coalesce(${evidence.title}, ${users.username})` })
    .from(auditLog)
    .leftJoin(evidence, and(eq(auditLog.targetType, "evidence"), eq(evidence.id, auditLog.targetId)))
    .leftJoin(users, and(eq(auditLog.targetType, "user"), eq(users.id, auditLog.targetId)))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}

/** The stored JSON; text altered behind the application's back into something else is shown as it is, not a 500. */
function parsedDetail(text: string): Record<string, unknown> {
  try {
    const detail: unknown = JSON.parse(text);
    if (detail && typeof detail === "object" && !Array.isArray(detail)) return detail as Record<string, unknown>;
  } catch {
    // falls through
  }
  return { unreadable: text };
}

export function auditJson(row: AuditRow & { targetName?: string | null }) {
  return {
    id: row.id,
    at: row.at,
    actor_id: row.actorId,
    actor_name: row.actorName,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_name: row.targetName ?? null,
    detail: parsedDetail(row.detail),
    hash: row.hash,
  };
}
