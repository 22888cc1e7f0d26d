/** The investigator's desk (issue 9): the admin list with filters, counts, review state, notes, bulk actions, audit. */
import { request, requestWithHeaders } from "./client";
import type { Evidence, User } from "./types";

export type ReviewStatus = "new" | "reviewed" | "flagged";
export const REVIEW_STATUSES: ReviewStatus[] = ["new", "reviewed", "flagged"];

export interface ConsoleItem extends Evidence {
  full_name?: string;
  review_status?: ReviewStatus;
  investigator_notes?: string;
  updated_at?: string | null;
  verification_photo_url?: string | null;
  /** The item's current redaction version (issue 46): null when it has none. */
  redaction?: { version: number; status: "pending" | "done" | "failed"; passed: boolean } | null;
}

/** The list's query, named as the server's query schema names it; empty strings are left out of the URL. */
export interface ConsoleQuery {
  q: string;
  kind: string;
  status: string;
  visibility: string;
  /** The redaction step (issue 46): none, pending, failed, unverified, passed. */
  redaction: string;
  user: string;
  from: string;
  to: string;
  sort: string;
  /** One item only: where a link from the audit log leads. */
  id: string;
}

/** The whole list: no filter, the default sort. */
export const NO_FILTERS: ConsoleQuery = { q: "", kind: "", status: "", visibility: "", redaction: "", user: "", from: "", to: "", sort: "", id: "" };

export interface ConsoleCounts {
  total: number;
  new: number;
  reviewed: number;
  flagged: number;
  public: number;
  private: number;
  /** Items with a standing withdrawal (absent from a server that does not know withdrawals). */
  withdrawn?: number;
}

export type BulkAction = "publish" | "unpublish" | "reviewed" | "flagged" | "new" | "delete";
export interface BulkResult {
  updated: number;
  ids: number[];
  /** Withdrawn items a publish left private (a withdrawal is a standing instruction). */
  skipped_withdrawn?: number[];
  /** Items a publish left private because they have not passed the redaction step (issue 46). */
  skipped_unredacted?: number[];
}

/** The 409 of a clearance on a withdrawn item, and what the override dialog names. */
export interface WithdrawalConflict {
  withdrawn_at: string;
  withdrawn_by: { id: number | null; username: string | null } | null;
  participant?: { id: number; username: string };
}

export interface AuditEntry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: number | null;
  /** The target's title or username now (null once it is gone). */
  target_name: string | null;
  detail: Record<string, unknown> | null;
  hash: string;
}

export interface Participant extends User {
  item_count?: number;
  last_activity?: string | null;
}

export interface ParticipantSummary {
  items: number;
  files: number;
  bytes: number;
}

export const CONSOLE_PAGE_SIZE = 100;

/** The filters as URLSearchParams, without empty values: shared by the list, the counts and the export link. */
export function consoleParams(query: Partial<ConsoleQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  return params;
}

const QUERY_NAMES: (keyof ConsoleQuery)[] = ["q", "kind", "status", "visibility", "redaction", "user", "from", "to", "sort", "id"];

/** The query a URL's search string holds (absent names are empty). */
export function parseConsoleQuery(search: string): ConsoleQuery {
  const params = new URLSearchParams(search);
  return Object.fromEntries(QUERY_NAMES.map((name) => [name, params.get(name) ?? ""])) as unknown as ConsoleQuery;
}

/**
 * Answers asked for before the console mounted (prefetchConsole), each taken once and only while fresh: the first
 * render then waits for the network alone, not for the route's chunks, a full mount and its effects first.
 */
const early = new Map<string, { at: number; answer: Promise<unknown> }>();
const EARLY_FRESH_MS = 10_000;

function getOnce<T>(path: string, fetchFresh: (path: string) => Promise<T> = (fresh) => request<T>("GET", fresh)): Promise<T> {
  const kept = early.get(path);
  early.delete(path);
  return kept && performance.now() - kept.at < EARLY_FRESH_MS ? (kept.answer as Promise<T>) : fetchFresh(path);
}

/** A page of the admin list, and the audit id it was read after: the console's live stream starts there. */
export interface ConsolePage {
  items: ConsoleItem[];
  eventsAfter: number | null;
}

async function readConsolePage(path: string): Promise<ConsolePage> {
  const { data, headers } = await requestWithHeaders<ConsoleItem[]>("GET", path);
  const after = headers.get("x-events-after");
  return { items: data, eventsAfter: after && /^\d+$/.test(after) ? Number(after) : null };
}

function pagePath(query: ConsoleQuery, cursor: { before?: number; offset?: number }) {
  const params = consoleParams(query);
  params.set("limit", String(CONSOLE_PAGE_SIZE));
  if (cursor.before !== undefined) params.set("before", String(cursor.before));
  if (cursor.offset) params.set("offset", String(cursor.offset));
  return `/api/evidence/admin?${params}`;
}

function countsPath(query: ConsoleQuery) {
  const params = consoleParams(query);
  params.delete("sort");
  return `/api/evidence/admin/counts?${params}`;
}

const PARTICIPANTS_PATH = "/api/user/users";

function keepEarly(path: string, answer: Promise<unknown>) {
  answer.catch(() => {}); // a failure is reported to whoever takes the answer
  early.set(path, { at: performance.now(), answer });
}

/**
 * Starts the console's first page for the URL's query (an admin opening /admin), then its counts and the participants:
 * after the page, so that the server answers the request the first render waits on before the others.
 */
export function prefetchConsole(search: string) {
  const query = parseConsoleQuery(search);
  const page = readConsolePage(pagePath(query, {}));
  keepEarly(pagePath(query, {}), page);
  const afterPage = page.then(
    () => {},
    () => {},
  );
  for (const path of [countsPath(query), PARTICIPANTS_PATH]) keepEarly(path, afterPage.then(() => request("GET", path)));
}

/** One page: `before` (id cursor) for the newest-first sort, `offset` for the others (design contract). */
export const listConsolePage = (query: ConsoleQuery, cursor: { before?: number; offset?: number }) => getOnce(pagePath(query, cursor), readConsolePage);

export const getConsoleCounts = (query: ConsoleQuery) => getOnce<ConsoleCounts>(countsPath(query));

export const exportUrl = (query: ConsoleQuery) => `/api/export?${consoleParams(query)}`;

export const setReviewStatus = (id: number, status: ReviewStatus) =>
  request<ConsoleItem>("PUT", `/api/evidence/review/${id}`, { status });
/** With `previous` (the notes the admin started from) the server refuses, 409 NotesConflict, to overwrite newer notes. */
export const setInvestigatorNotes = (id: number, notes: string, previous?: string) =>
  request<ConsoleItem>("PUT", `/api/evidence/notes/${id}`, { investigator_notes: notes, previous });
export interface NotesConflict {
  current: string;
  yours: string;
  item: ConsoleItem;
}
/** One item as the console lists it, read again (after a bulk answer said it was withdrawn meanwhile). */
export const getConsoleItem = async (id: number) => (await request<ConsoleItem[]>("GET", `/api/evidence/admin?id=${id}`))[0] ?? null;
/** Publishes a withdrawn item against the participant's withdrawal: the admin's explicit, audited override. */
export const publishOverridingWithdrawal = (id: number) => request<ConsoleItem>("PUT", `/api/evidence/clearance/${id}`, { override_withdrawal: true });
export const participantItems = (userId: number) => request<ConsoleItem[]>("GET", `/api/evidence/admin?user=${userId}`);
export const participantDataUrl = (userId: number) => `/api/user/${userId}/data`;
export const bulkAction = (ids: number[], action: BulkAction) => request<BulkResult>("PUT", "/api/evidence/bulk", { ids, action });
export const makeAllVisible = (visible: boolean) =>
  request<BulkResult>("PUT", visible ? "/api/evidence/makeAllPublic" : "/api/evidence/makeAllSecret");

export interface AuditQuery {
  by?: string;
  actor?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
  before?: number;
  limit?: number;
}
export const listAudit = (params: AuditQuery = {}) =>
  request<AuditEntry[]>("GET", `/api/audit?${consoleParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === undefined ? "" : String(v)])))}`);

export const listParticipants = () => getOnce<Participant[]>(PARTICIPANTS_PATH);
export const getParticipantSummary = (id: number) => request<ParticipantSummary>("GET", `/api/user/${id}/summary`);
/** The whole admin list in one answer (no paging): the fallback count for Make All Public/Private. */
export const listWholeAdminList = () => request<ConsoleItem[]>("GET", "/api/evidence/admin");
