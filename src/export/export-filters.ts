/**
 * The console's filters as the export reads them, from a query string or the command line. Bad values are a 400 with
 * a sentence, never a 500. The names and forms follow the admin list's contract (DESK.md): q, kind, status,
 * visibility, user, from, to.
 */
import { badRequest } from "../http/errors";

export const KINDS = { note: 1, image: 2, video: 3, audio: 4 } as const;
type KindName = keyof typeof KINDS;
const REVIEW_STATUSES = ["new", "reviewed", "flagged"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export type ExportFilters = {
  q?: string;
  /** media_type values (1 note … 4 audio). */
  kinds?: number[];
  statuses?: ReviewStatus[];
  visibility?: "public" | "private";
  userId?: number;
  /** ISO instants, inclusive bounds on date_posted. */
  from?: string;
  to?: string;
};

const FILTER_NAMES = ["q", "kind", "status", "visibility", "user", "from", "to"] as const;
export type FilterParams = Partial<Record<(typeof FILTER_NAMES)[number], string | undefined>>;

/** A query string's filters; a repeated parameter is read as a comma list (kind=video&kind=audio), never as a crash. */
export function filterParamsOf(search: URLSearchParams): FilterParams {
  const params: FilterParams = {};
  for (const name of FILTER_NAMES) if (search.has(name)) params[name] = search.getAll(name).join(",");
  return params;
}

const MAX_QUERY_CHARS = 500;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_OR_DATETIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function parseExportFilters(params: FilterParams): ExportFilters {
  const filters: ExportFilters = {};
  const q = params.q?.trim();
  if (q) {
    if (q.length > MAX_QUERY_CHARS) throw badRequest(`The search text is too long (at most ${MAX_QUERY_CHARS} characters).`);
    filters.q = q;
  }
  if (params.kind) filters.kinds = commaList(params.kind, Object.keys(KINDS), "kind").map((kind) => KINDS[kind as KindName]);
  if (params.status) filters.statuses = commaList(params.status, REVIEW_STATUSES, "status") as ReviewStatus[];
  if (params.visibility) {
    if (params.visibility !== "public" && params.visibility !== "private") throw badRequest('visibility must be "public" or "private".');
    filters.visibility = params.visibility;
  }
  if (params.user) {
    if (!/^[1-9]\d{0,15}$/.test(params.user)) throw badRequest("user must be a participant id (a positive whole number).");
    filters.userId = Number(params.user);
  }
  if (params.from) filters.from = instant(params.from, "from", "start");
  if (params.to) filters.to = instant(params.to, "to", "end");
  if (filters.from && filters.to && filters.from > filters.to) throw badRequest("from must not be after to.");
  return filters;
}

function commaList(value: string, allowed: readonly string[], name: string): string[] {
  const values = [...new Set(value.split(",").map((v) => v.trim().toLowerCase()))];
  const wrong = values.find((v) => !allowed.includes(v));
  if (wrong !== undefined) throw badRequest(`${name} must be one or more of ${allowed.join(", ")} (comma-separated).`);
  return values;
}

/** A date covers its whole day (UTC): from = its first millisecond, to = its last, so the range is inclusive. */
function instant(value: string, name: string, edge: "start" | "end"): string {
  const text = value.trim();
  const date = DATE_OR_DATETIME.test(text)
    ? new Date(DATE_ONLY.test(text) ? `${text}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z` : text)
    : undefined;
  if (!date || Number.isNaN(date.getTime())) throw badRequest(`${name} must be an ISO date (2026-05-01) or date and time.`);
  return date.toISOString();
}
