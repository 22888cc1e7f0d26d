/**
 * The items an export takes, in id order. One function on purpose: at merge it is switched to the console's shared
 * query parser and SQL (src/desk/), which may add full-text search; until then plain SQL with LIKE for `q`.
 */
import type { AppContext } from "../context";
import type { EvidenceRow } from "../db/evidence";
import type { ExportFilters } from "./export-filters";

export type ExportRow = Pick<
  EvidenceRow,
  "id" | "title" | "notes" | "location" | "isPublic" | "mediaType" | "datePosted" | "reviewStatus" | "userId"
> & {
  username: string;
  fullName: string;
  /** The original file; null for notes (and for an item whose file row is gone). */
  media: { storeKey: string; mime: string; size: number; sha256: string } | null;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function selectForExport(ctx: Pick<AppContext, "db">, filters: ExportFilters): Promise<ExportRow[]> {
  const conditions: string[] = [];
  const args: (string | number)[] = [];
  const inList = (column: string, values: (string | number)[]) => {
    conditions.push(`${column} in (${values.map(() => "?").join(", ")})`);
    args.push(...values);
  };
  if (filters.q) {
    const columns = ["e.title", "e.notes", "coalesce(e.location, '')", "u.username", "u.full_name"];
    conditions.push(`(${columns.map((c) => `${c} like ? escape '\\'`).join(" or ")})`);
    args.push(...columns.map(() => likePattern(filters.q!)));
  }
  if (filters.kinds) inList("e.media_type", filters.kinds);
  if (filters.statuses) inList("e.review_status", filters.statuses);
  if (filters.visibility) conditions.push(`e.is_public = ${filters.visibility === "public" ? 1 : 0}`);
  if (filters.userId !== undefined) inList("e.user_id", [filters.userId]);
  if (filters.from) {
    conditions.push("e.date_posted >= ?");
    args.push(filters.from);
  }
  if (filters.to) {
    conditions.push("e.date_posted <= ?");
    args.push(filters.to);
  }
  const { rows } = await ctx.db.$client.execute({
    sql:
      "select e.id, e.title, e.notes, e.location, e.is_public, e.media_type, e.date_posted, e.review_status, e.user_id," +
      " u.username, u.full_name, m.store_key, m.mime, m.size, m.sha256" +
      " from evidence e join users u on u.id = e.user_id left join media_files m on m.id = e.media_id" +
      (conditions.length ? ` where ${conditions.join(" and ")}` : "") +
      " order by e.id",
    args,
  });
  return rows.map((row) => ({
    id: row[0] as number,
    title: row[1] as string,
    notes: row[2] as string,
    location: row[3] as string | null,
    isPublic: Boolean(row[4]),
    mediaType: row[5] as number,
    datePosted: row[6] as string,
    reviewStatus: row[7] as EvidenceRow["reviewStatus"],
    userId: row[8] as number,
    username: row[9] as string,
    fullName: row[10] as string,
    media: row[11] === null ? null : { storeKey: row[11] as string, mime: row[12] as string, size: row[13] as number, sha256: row[14] as string },
  }));
}
