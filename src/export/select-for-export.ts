/**
 * The items an export takes, in id order: the console's own filter (src/desk/), search included, so an export holds
 * exactly what the console shows.
 */
import type { InArgs } from "@libsql/client";
import type { AppContext } from "../context";
import type { EvidenceRow } from "../db/evidence";
import type { ConsoleFilter } from "../desk/console-query";
import { consoleSource } from "../desk/console.service";
import { PUBLIC_COPY_SQL, REDACTS_SQL } from "../redaction/redaction-state";

export type ExportRow = Pick<
  EvidenceRow,
  "id" | "title" | "notes" | "location" | "isPublic" | "mediaType" | "datePosted" | "reviewStatus" | "userId"
> & {
  username: string;
  fullName: string;
  /** The original file; null for notes (and for an item whose file row is gone). */
  media: { storeKey: string; mime: string; size: number; sha256: string } | null;
  /** The SHA-256 of the redacted copy the public gets in its place (src/redaction); null when there is none. */
  publicSha256: string | null;
};

export async function selectForExport(ctx: Pick<AppContext, "db">, filter: ConsoleFilter): Promise<ExportRow[]> {
  const { from, where, args } = consoleSource(filter);
  const { rows } = await ctx.db.$client.execute({
    sql:
      "select e.id, e.title, e.notes, e.location, e.is_public, e.media_type, e.date_posted, e.review_status, e.user_id," +
      ` u.username, u.full_name, m.store_key, m.mime, m.size, m.sha256,` +
      ` (select c.sha256 from media_files c where c.id = ${PUBLIC_COPY_SQL} and ${REDACTS_SQL}) from ${from}` +
      ` join users u on u.id = e.user_id left join media_files m on m.id = e.media_id${where} order by e.id`,
    args: args as InArgs,
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
    publicSha256: row[15] as string | null,
  }));
}
