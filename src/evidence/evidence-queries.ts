/** Reading items: one the viewer may manage, one with its file's facts as its owner sees it, and the lists. */
import type { Row } from "@libsql/client";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { evidence, type EvidenceRow } from "../db/evidence";
import { notFound } from "../http/errors";
import { mediaRows } from "../media/media.service";
import { withRenditions } from "../renditions/renditions.service";
import type { Page } from "./evidence-input";
import type { EvidenceWithContext } from "./evidence-json";
import { currentRedactionJoin, PUBLIC_FILE_COLUMNS } from "../redaction/redaction-state";

type Viewer = { id: number; admin: boolean };

const owned = (viewer: Viewer, item: EvidenceRow) => viewer.admin || item.userId === viewer.id;

/** An item the viewer may manage; another user's item is "not found" so ids reveal nothing. */
export async function findManageable(db: Database, id: number, viewer: Viewer): Promise<EvidenceRow> {
  const [item] = await db.select().from(evidence).where(eq(evidence.id, id)).limit(1);
  if (!item || !owned(viewer, item)) throw notFound("No such evidence.");
  return item;
}

/** An item with its file's facts, as its owner sees it. */
export async function withOwnMedia(db: Database, item: EvidenceRow): Promise<EvidenceWithContext> {
  const [media] = await mediaRows(db, [item.mediaId]);
  const [listed] = await withRenditions(db, [{ item, media: media ?? null }]);
  return listed!;
}

type ListFilter = { userId?: number; publicOnly?: boolean; id?: number };

/** Whom a list is for: owners and admins see places and file facts; admins alone also see the poster's full name. */
export type ListView = "public" | "owner" | "admin";

const LIST_COLUMNS =
  "e.id, e.user_id, e.title, e.notes, e.location, e.is_public, e.media_type, e.media_id, e.thumbnail_id, e.date_posted, " +
  "e.review_status, e.investigator_notes, e.updated_at, u.username, u.avatar_media_id, e.duration_ms, e.withdrawn_at";

/**
 * Newest first, with the poster's name and avatar; the whole list when page is undefined.
 * Plain SQL mapped by hand: drizzle's builder and nested-row mapping cost more than the query itself
 * (profiled under load, see BENCHMARKS.md), and the public list is the hottest read of the site.
 */
async function listEvidence(db: Database, filter: ListFilter, page: Page | undefined, view: ListView): Promise<EvidenceWithContext[]> {
  const withMedia = view !== "public";
  const conditions: string[] = [];
  const args: number[] = [];
  if (filter.userId !== undefined) {
    conditions.push("e.user_id = ?");
    args.push(filter.userId);
  }
  if (filter.publicOnly) conditions.push("e.is_public = 1");
  if (filter.id !== undefined) {
    conditions.push("e.id = ?");
    args.push(filter.id);
  }
  if (page?.before) {
    conditions.push("e.id < ?");
    args.push(page.before);
  }
  let query =
    `select ${listColumns(view)}` +
    " from evidence e join users u on u.id = e.user_id" +
    (withMedia ? " left join media_files m on m.id = e.media_id" : currentRedactionJoin("e")) +
    (conditions.length ? ` where ${conditions.join(" and ")}` : "") +
    " order by e.id desc";
  if (page) {
    query += " limit ?";
    args.push(page.limit);
  }
  const { rows } = await db.$client.execute({ sql: query, args });
  return withRenditions(
    db,
    rows.map((row) => listedFromRow(row, view)),
  );
}

/**
 * Columns of a list row: LIST_COLUMNS, then unless public the file's facts and who recorded a withdrawal (17–21), then
 * u.full_name for admins (22). COLUMNS_READ is the count, for a caller that selects more after these. The public list
 * reads a redacted item's copy in place of its file (src/redaction), then what the copy hides (17–18).
 */
export const listColumns = (view: ListView) =>
  view === "public"
    ? `${LIST_COLUMNS.replace("e.media_id, e.thumbnail_id", PUBLIC_FILE_COLUMNS)}, r.picture, r.sound`
    : `${LIST_COLUMNS}, m.size, m.mime, m.sha256, e.withdrawn_by, (select username from users where id = e.withdrawn_by)${view === "admin" ? ", u.full_name" : ""}`;
export const ADMIN_COLUMNS_READ = 23;

export function listedFromRow(row: Row, view: ListView): EvidenceWithContext {
  const item: EvidenceWithContext["item"] = {
    id: row[0] as number,
    userId: row[1] as number,
    title: row[2] as string,
    notes: row[3] as string,
    // A place (often GPS coordinates) is for the owner and admins only: public rows carry none.
    location: view === "public" ? null : (row[4] as string | null),
    isPublic: Boolean(row[5]),
    mediaType: row[6] as number,
    mediaId: row[7] as string | null,
    thumbnailId: row[8] as string | null,
    datePosted: row[9] as string,
    reviewStatus: row[10] as EvidenceRow["reviewStatus"],
    investigatorNotes: row[11] as string,
    updatedAt: row[12] as string | null,
    durationMs: row[15] as number | null,
    withdrawnAt: view === "public" ? null : (row[16] as string | null),
    withdrawnBy: view === "public" ? null : (row[20] as number | null),
  };
  const listed: EvidenceWithContext = { item, username: row[13] as string, avatarMediaId: row[14] as string | null };
  if (view !== "public") {
    listed.media = row[17] === null ? null : { size: row[17] as number, mime: row[18] as string, sha256: row[19] as string };
    listed.withdrawerName = row[21] as string | null;
  }
  if (view === "admin") listed.fullName = row[22] as string;
  if (view === "public" && (row[17] || row[18])) listed.redacted = { picture: Boolean(row[17]), sound: Boolean(row[18]) };
  return listed;
}

/** One user's items, for the user themself or for an admin. */
export const listEvidenceOf = (db: Database, userId: number, view: "owner" | "admin") => listEvidence(db, { userId }, undefined, view);

export const listPublicEvidence = (db: Database, page: Page | undefined) => listEvidence(db, { publicOnly: true }, page, "public");

/** One public item as the public list shows it; undefined when there is none or it is private. */
export async function findPublicEvidence(db: Database, id: number): Promise<EvidenceWithContext | undefined> {
  const [listed] = await listEvidence(db, { publicOnly: true, id }, undefined, "public");
  return listed;
}
