/** The investigator's desk (issue 9): the admin list with filters, counts, review state, notes, bulk actions, audit. */
import { request } from "./client";
import type { Evidence, User } from "./types";

export type ReviewStatus = "new" | "reviewed" | "flagged";
export const REVIEW_STATUSES: ReviewStatus[] = ["new", "reviewed", "flagged"];

export interface ConsoleItem extends Evidence {
  full_name?: string;
  review_status?: ReviewStatus;
  investigator_notes?: string;
  updated_at?: string | null;
  duration_ms?: number | null;
  verification_photo_url?: string | null;
}

/** The list's query, named as the server's query schema names it; empty strings are left out of the URL. */
export interface ConsoleQuery {
  q: string;
  kind: string;
  status: string;
  visibility: string;
  user: string;
  from: string;
  to: string;
  sort: string;
}

export interface ConsoleCounts {
  total: number;
  new: number;
  reviewed: number;
  flagged: number;
  public: number;
  private: number;
}

export type BulkAction = "publish" | "unpublish" | "reviewed" | "flagged" | "new" | "delete";
export interface BulkResult {
  updated: number;
  ids: number[];
}

export interface AuditEntry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: number | null;
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

/** One page: `before` (id cursor) for the newest-first sort, `offset` for the others (design contract). */
export function listConsolePage(query: ConsoleQuery, cursor: { before?: number; offset?: number }) {
  const params = consoleParams(query);
  params.set("limit", String(CONSOLE_PAGE_SIZE));
  if (cursor.before !== undefined) params.set("before", String(cursor.before));
  if (cursor.offset) params.set("offset", String(cursor.offset));
  return request<ConsoleItem[]>("GET", `/api/evidence/admin?${params}`);
}

export function getConsoleCounts(query: ConsoleQuery) {
  const params = consoleParams(query);
  params.delete("sort");
  return request<ConsoleCounts>("GET", `/api/evidence/admin/counts?${params}`);
}

export const exportUrl = (query: ConsoleQuery) => `/api/export?${consoleParams(query)}`;

export const setReviewStatus = (id: number, status: ReviewStatus) =>
  request<ConsoleItem>("PUT", `/api/evidence/review/${id}`, { status });
export const setInvestigatorNotes = (id: number, notes: string) =>
  request<ConsoleItem>("PUT", `/api/evidence/notes/${id}`, { investigator_notes: notes });
export const bulkAction = (ids: number[], action: BulkAction) => request<BulkResult>("PUT", "/api/evidence/bulk", { ids, action });
export const makeAllVisible = (visible: boolean) =>
  request<BulkResult>("PUT", visible ? "/api/evidence/makeAllPublic" : "/api/evidence/makeAllSecret");

export const listAudit = (params: { target_type?: string; target_id?: number; before?: number; limit?: number } = {}) =>
  request<AuditEntry[]>("GET", `/api/audit?${consoleParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === undefined ? "" : String(v)])))}`);

export const listParticipants = () => request<Participant[]>("GET", "/api/user/users");
export const getParticipantSummary = (id: number) => request<ParticipantSummary>("GET", `/api/user/${id}/summary`);
/** The whole admin list in one answer (no paging): the fallback count for Make All Public/Private. */
export const listWholeAdminList = () => request<ConsoleItem[]>("GET", "/api/evidence/admin");
