import { MEDIA_TYPES, PAGE_DEFAULT, PAGE_MAX } from "../evidence/evidence-input";
import { badRequest } from "../http/errors";
import { REDACTION_STATES, type RedactionState } from "../redaction/redaction-state";

/**
 * The admin console's view of the evidence, read from the query string of GET /api/evidence/admin (and, without the
 * paging, of /counts and the export). Every value is checked and bad ones get a 400 naming the parameter.
 */
export const REVIEW_STATUSES = ["new", "reviewed", "flagged"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const SORTS = ["newest", "oldest", "title", "participant"] as const;
export type Sort = (typeof SORTS)[number];
const KINDS = ["note", "image", "video", "audio"] as const;
export const VISIBILITIES = ["public", "private", "withdrawn"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export type ConsoleFilter = {
  /** An FTS5 MATCH expression built by ftsMatch, never the user's text itself. */
  match?: string;
  mediaTypes?: number[];
  statuses?: ReviewStatus[];
  /** Any of these states; "withdrawn": a participant's standing withdrawal from the public archive (such items are private). */
  visibility?: Visibility[];
  userId?: number;
  /** Where the item's redaction stands (`redaction=`; src/redaction). */
  redaction?: RedactionState[];
  /** One item by id (`id=`): where the audit log's links lead. */
  ids?: number[];
  /** Inclusive lower and exclusive upper bound on date_posted, as ISO text (date_posted sorts as text). */
  postedFrom?: string;
  postedBefore?: string;
};

/** No page is the whole list, as the original client expects. */
export type ConsolePage = { limit: number; before?: number; offset?: number };

export type ConsoleQuery = { filter: ConsoleFilter; sort: Sort; page: ConsolePage | undefined };

type Query = Record<string, string | undefined>;

const WHOLE = /^[1-9]\d{0,15}$/;

function list<T extends string>(query: Query, name: string, allowed: readonly T[]): T[] | undefined {
  const raw = query[name];
  if (raw === undefined || raw === "") return undefined;
  const values = raw.split(",").map((v) => v.trim());
  for (const value of values) {
    if (!allowed.includes(value as T)) throw badRequest(`${name} must be one or more of ${allowed.join(", ")} (comma-separated)`);
  }
  return [...new Set(values as T[])];
}

/** A date (the whole day) or a date and time (UTC unless it names a zone). */
function instant(raw: string, name: string): { at: Date; dateOnly: boolean } {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(raw);
  const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/.test(raw);
  const at = new Date(dateOnly ? `${raw}T00:00:00Z` : /(Z|[+-]\d{2}:\d{2})$/.test(raw) ? raw : `${raw}Z`);
  if (!(dateOnly || dateTime) || Number.isNaN(at.getTime()) || (dateOnly && at.toISOString().slice(0, 10) !== raw)) {
    throw badRequest(`${name} must be a date (2026-05-01) or a date and time (2026-05-01T18:30:00Z)`);
  }
  return { at, dateOnly };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function readConsoleFilter(query: Query): ConsoleFilter {
  const filter: ConsoleFilter = {};
  if (query.q !== undefined) {
    if (query.q.length > 500) throw badRequest("q can be at most 500 characters long");
    filter.match = ftsMatch(query.q);
  }
  const kinds = list(query, "kind", KINDS);
  if (kinds) filter.mediaTypes = kinds.map((kind) => MEDIA_TYPES[kind]);
  filter.statuses = list(query, "status", REVIEW_STATUSES);
  filter.visibility = list(query, "visibility", VISIBILITIES);
  filter.redaction = list(query, "redaction", REDACTION_STATES);
  if (query.user !== undefined) {
    if (!WHOLE.test(query.user)) throw badRequest("user must be a participant id");
    filter.userId = Number(query.user);
  }
  if (query.id !== undefined) {
    if (!WHOLE.test(query.id)) throw badRequest("id must be an evidence id");
    filter.ids = [Number(query.id)];
  }
  if (query.from) filter.postedFrom = instant(query.from, "from").at.toISOString();
  if (query.to) {
    // A date alone includes its whole day; a date and time includes that very millisecond.
    const { at, dateOnly } = instant(query.to, "to");
    filter.postedBefore = new Date(at.getTime() + (dateOnly ? DAY_MS : 1)).toISOString();
  }
  if (filter.postedFrom && filter.postedBefore && filter.postedFrom >= filter.postedBefore) throw badRequest("from must not be after to");
  return filter;
}

export function readConsoleQuery(query: Query): ConsoleQuery {
  const filter = readConsoleFilter(query);
  const sort = (query.sort || "newest") as Sort;
  if (!SORTS.includes(sort)) throw badRequest(`sort must be one of ${SORTS.join(", ")}`);
  return { filter, sort, page: readConsolePage(query, sort) };
}

function readConsolePage(query: Query, sort: Sort): ConsolePage | undefined {
  const { limit, before, offset } = query;
  if (limit === undefined && before === undefined && offset === undefined) return undefined;
  if (limit !== undefined && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > PAGE_MAX)) {
    throw badRequest(`limit must be a whole number from 1 to ${PAGE_MAX}`);
  }
  const page: ConsolePage = { limit: limit === undefined ? PAGE_DEFAULT : Number(limit) };
  if (before !== undefined) {
    if (!WHOLE.test(before)) throw badRequest("before must be an evidence id");
    if (sort !== "newest") throw badRequest("before pages the newest-first list only; use offset with other sorts");
    if (offset !== undefined) throw badRequest("Use before or offset, not both");
    page.before = Number(before);
  }
  if (offset !== undefined) {
    if (!/^\d{1,9}$/.test(offset)) throw badRequest("offset must be a whole number");
    page.offset = Number(offset);
  }
  return page;
}

/**
 * The user's words as an FTS5 expression that cannot be anything but words: each is a quoted string (quotes doubled),
 * all must match, and the last also matches as a prefix ("pho" finds "photo") unless the text ends with a space.
 * Words without a letter or digit would be empty phrases and are left out; no words at all is no search. Control
 * characters separate words (FTS5 would read a NUL as the end of the query, leaving a quote open).
 */
export function ftsMatch(text: string): string | undefined {
  const words = text.split(/[\s\p{Cc}]+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return undefined;
  const prefixLast = !/[\s\p{Cc}]$/u.test(text);
  return words.map((word, i) => `"${word.replaceAll('"', '""')}"${prefixLast && i === words.length - 1 ? "*" : ""}`).join(" ");
}
