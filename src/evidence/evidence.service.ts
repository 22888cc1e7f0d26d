import { withRenditions } from "../renditions/renditions.service";
import type { Row } from "@libsql/client";
import { and, eq, inArray, sql } from "drizzle-orm";
import { auditEachStatement, auditStatement, changedFields, type AuditActor } from "../audit/audit-record";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { evidence, type EvidenceRow } from "../db/evidence";
import { mediaFiles, type MediaFileRow } from "../db/media-files";
import { badRequest, conflict, notFound, tooLarge, unsupportedMedia } from "../http/errors";
import { discardStored, identify, mediaRows, storeMedia } from "../media/media.service";
import type { TempFile } from "../media/multipart";
import type { MediaKind } from "../media/sniff";
import { KIND_OF_TYPE, MEDIA_TYPES, THUMBNAIL_MAX_BYTES, type EvidenceText, type Page } from "./evidence-input";
import type { EvidenceWithContext } from "./evidence-json";
import { forgetPublicPages } from "./public-page-cache";
import { countUpload, quotaRefusal, type Uploader } from "./quotas";

const TYPE_OF_KIND: Record<MediaKind, number> = { image: MEDIA_TYPES.image, video: MEDIA_TYPES.video, audio: MEDIA_TYPES.audio };

type Viewer = { id: number; admin: boolean };

const owned = (viewer: Viewer, item: EvidenceRow) => viewer.admin || item.userId === viewer.id;

/** An item the viewer may manage; another user's item is "not found" so ids reveal nothing. */
export async function findManageable(db: Database, id: number, viewer: Viewer): Promise<EvidenceRow> {
  const [item] = await db.select().from(evidence).where(eq(evidence.id, id)).limit(1);
  if (!item || !owned(viewer, item)) throw notFound("No such evidence.");
  return item;
}

/** durationMs: the file's playing time as the sender measured it (readDurationMs), for a video or audio file. */
type Uploads = {
  file?: TempFile;
  thumbnail?: TempFile;
  durationMs?: number | null;
  /** The file is a finished resumable upload, counted in the hour when it was created. */
  hourCounted?: boolean;
};
type BatchItem = Parameters<Database["batch"]>[0][number];

/** Sniffs and stores the file and thumbnail; returns their rows (not yet inserted). */
async function storeUploads(ctx: AppContext, ownerId: number, uploads: Uploads, kinds: MediaKind[]) {
  const { file, thumbnail } = uploads;
  if (thumbnail && !file) throw badRequest("A thumbnail needs a media file.");
  if (thumbnail && thumbnail.size > THUMBNAIL_MAX_BYTES) throw tooLarge("Thumbnails can be at most 64 KB.");
  const fileKind = file ? await identify(file, kinds, "file") : undefined;
  const thumbKind = thumbnail ? await identify(thumbnail, ["image"], "thumbnail") : undefined;
  const stored: MediaFileRow[] = [];
  try {
    if (file && fileKind) stored.push(await storeMedia(ctx.store, file, fileKind, ownerId, "evidence"));
    if (thumbnail && thumbKind) stored.push(await storeMedia(ctx.store, thumbnail, thumbKind, ownerId, "thumbnail"));
  } catch (error) {
    await discardStored(ctx.store, stored);
    throw error;
  }
  const media = stored.find((m) => m.purpose === "evidence");
  const thumb = stored.find((m) => m.purpose === "thumbnail");
  // A duration the file's own header states wins; the sender's fills in for recordings that state none (WebM from
  // MediaRecorder). Images have none, whatever was sent.
  const durationMs = media && fileKind?.kind !== "image" ? (media.durationMs ?? uploads.durationMs ?? null) : null;
  return { stored, media, thumb, durationMs, mediaType: fileKind ? TYPE_OF_KIND[fileKind.kind] : undefined };
}

const sizeOf = (rows: MediaFileRow[]) => rows.reduce((sum, row) => sum + row.size, 0);

/** What the audit log keeps of an item: its text, visibility and which file (by hash). */
const auditedFacts = (item: Pick<EvidenceRow, "title" | "notes" | "location" | "isPublic" | "mediaType" | "userId">, file?: MediaFileRow) => ({
  title: item.title,
  notes: item.notes,
  location: item.location,
  is_public: item.isPublic,
  media_type: item.mediaType,
  user_id: item.userId,
  file_sha256: file?.sha256 ?? null,
});

/**
 * The uploader's own item; counted against their quota unless they are an admin. `withItem` are statements for the
 * same batch, run right after the item's insert (they may read its id as last_insert_rowid(); they must insert nothing).
 */
export async function createEvidence(
  ctx: AppContext,
  uploader: Uploader & NonNullable<AuditActor>,
  text: EvidenceText,
  uploads: Uploads,
  withItem: BatchItem[] = [],
  clientRef: string | null = null,
): Promise<EvidenceWithContext> {
  const ownerId = uploader.id;
  const { stored, media, thumb, durationMs, mediaType } = await storeUploads(ctx, ownerId, uploads, ["image", "video", "audio"]);
  try {
    // Rows last, in one transaction with the quota count: a failure (a limit passed too) leaves neither rows nor files.
    const values = {
      userId: ownerId,
      ...text,
      mediaType: mediaType ?? MEDIA_TYPES.note,
      mediaId: media?.id ?? null,
      thumbnailId: thumb?.id ?? null,
      durationMs,
      datePosted: new Date().toISOString(),
      clientRef,
    };
    const statements = [
      ...stored.map((m) => ctx.db.insert(mediaFiles).values(m)),
      ctx.db.insert(evidence).values(values).returning(),
      ...withItem,
      auditStatement(ctx.db, {
        actor: uploader,
        action: "evidence.create",
        targetType: "evidence",
        targetId: "inserted",
        detail: changedFields({}, auditedFacts({ ...values, isPublic: false, location: values.location ?? null }, media)),
      }),
      ...countUpload(ctx, uploader, ownerId, { withFile: !!media, hourCounted: uploads.hourCounted }),
    ];
    const results = await ctx.db.batch(statements as [any, ...any[]]);
    forgetPublicPages(ctx.db);
    const [item] = results[stored.length] as EvidenceRow[];
    return { item: item!, media };
  } catch (error) {
    await discardStored(ctx.store, stored);
    throw await quotaRefusal(ctx.db, ctx.config, ownerId, error, sizeOf(stored));
  }
}

/** An item with its file's facts, as its owner sees it. */
export async function withOwnMedia(db: Database, item: EvidenceRow): Promise<EvidenceWithContext> {
  const [media] = await mediaRows(db, [item.mediaId]);
  const [listed] = await withRenditions(db, [{ item, media: media ?? null }]);
  return listed!;
}

async function findByClientRef(db: Database, userId: number, clientRef: string): Promise<EvidenceRow | undefined> {
  const [item] = await db.select().from(evidence).where(and(eq(evidence.userId, userId), eq(evidence.clientRef, clientRef))).limit(1);
  return item;
}

const isClientRefClash = (error: unknown) => String((error as Error)?.message ?? error).includes("evidence.client_ref");

/**
 * createEvidence once per clientRef: a create sent again (its answer lost on a flaky link) returns the item the first
 * one made; two racing ones meet at the unique index, and the loser answers with the winner's item.
 */
export async function createEvidenceOnce(
  ctx: AppContext,
  uploader: Uploader & NonNullable<AuditActor>,
  text: EvidenceText,
  uploads: Uploads,
  clientRef: string | null,
): Promise<{ created: boolean; evidence: EvidenceWithContext }> {
  const earlier = clientRef ? await findByClientRef(ctx.db, uploader.id, clientRef) : undefined;
  if (earlier) return { created: false, evidence: await withOwnMedia(ctx.db, earlier) };
  try {
    return { created: true, evidence: await createEvidence(ctx, uploader, text, uploads, [], clientRef) };
  } catch (error) {
    const winner = clientRef && isClientRefClash(error) ? await findByClientRef(ctx.db, uploader.id, clientRef) : undefined;
    if (!winner) throw error;
    return { created: false, evidence: await withOwnMedia(ctx.db, winner) };
  }
}

/** A new file counts against the owner's quota as an upload, unless an admin sends it. */
export async function updateEvidence(
  ctx: AppContext,
  item: EvidenceRow,
  text: Pick<EvidenceText, "title" | "notes">,
  uploads: Uploads,
  uploader: Uploader & NonNullable<AuditActor>,
): Promise<EvidenceWithContext> {
  const kind = KIND_OF_TYPE[item.mediaType];
  if (uploads.file && !kind) throw unsupportedMedia("A note has no media to replace.");
  const { stored, media, thumb, durationMs } = await storeUploads(ctx, item.userId, uploads, kind ? [kind] : []);
  // A new file makes the old file and its thumbnail (which pictured the old file) obsolete.
  const replaced = await mediaRows(ctx.db, media ? [item.mediaId, item.thumbnailId] : []);
  let updated: EvidenceRow;
  try {
    const results = await ctx.db.batch([
      ...stored.map((m) => ctx.db.insert(mediaFiles).values(m)),
      ctx.db
        .update(evidence)
        .set({
          title: text.title,
          notes: text.notes,
          updatedAt: new Date().toISOString(),
          ...(media ? { mediaId: media.id, thumbnailId: thumb?.id ?? null, durationMs } : {}),
        })
        .where(eq(evidence.id, item.id))
        .returning(),
      auditStatement(ctx.db, {
        actor: uploader,
        action: "evidence.update",
        targetType: "evidence",
        targetId: item.id,
        detail: changedFields(
          { title: item.title, notes: item.notes, file_sha256: replaced.find((m) => m.purpose === "evidence")?.sha256 ?? null },
          { title: text.title, notes: text.notes, file_sha256: media?.sha256 },
        ),
      }),
      ...replaced.map((m) => ctx.db.delete(mediaFiles).where(eq(mediaFiles.id, m.id))),
      ...(media ? countUpload(ctx, uploader, item.userId, { withFile: true }) : []),
    ] as [any, ...any[]]);
    forgetPublicPages(ctx.db);
    updated = (results[stored.length] as EvidenceRow[])[0]!;
  } catch (error) {
    await discardStored(ctx.store, stored);
    throw await quotaRefusal(ctx.db, ctx.config, item.userId, error, sizeOf(stored));
  }
  // Stored for good: a failure from here on must not discard the new files.
  await discardStored(ctx.store, replaced);
  return withOwnMedia(ctx.db, updated);
}

export const deleteEvidence = (ctx: AppContext, item: EvidenceRow, actor: AuditActor) => deleteEvidenceItems(ctx, [item], actor);

/** The items, their files' rows and an audit entry for each in the same batch, then the stored files. */
export async function deleteEvidenceItems(ctx: AppContext, items: EvidenceRow[], actor: AuditActor): Promise<void> {
  if (items.length === 0) return;
  const media = await mediaRows(ctx.db, items.flatMap((item) => [item.mediaId, item.thumbnailId]));
  const fileOf = (item: EvidenceRow) => media.find((m) => m.id === item.mediaId && m.purpose === "evidence");
  await ctx.db.batch([
    ctx.db.delete(evidence).where(inArray(evidence.id, items.map((item) => item.id))),
    ...items.map((item) =>
      auditStatement(ctx.db, { actor, action: "evidence.delete", targetType: "evidence", targetId: item.id, detail: changedFields(auditedFacts(item, fileOf(item)), {}) }),
    ),
    ...(media.length ? [ctx.db.delete(mediaFiles).where(inArray(mediaFiles.id, media.map((m) => m.id)))] : []),
  ] as [any, ...any[]]);
  forgetPublicPages(ctx.db);
  await discardStored(ctx.store, media);
}

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
    (withMedia ? " left join media_files m on m.id = e.media_id" : "") +
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

/** Columns of a list row: LIST_COLUMNS, then m.size, m.mime, m.sha256 unless public, then u.full_name for admins (20). */
export const listColumns = (view: ListView) =>
  `${LIST_COLUMNS}${view !== "public" ? ", m.size, m.mime, m.sha256" : ""}${view === "admin" ? ", u.full_name" : ""}`;

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
  };
  const listed: EvidenceWithContext = { item, username: row[13] as string, avatarMediaId: row[14] as string | null };
  if (view !== "public") listed.media = row[17] === null ? null : { size: row[17] as number, mime: row[18] as string, sha256: row[19] as string };
  if (view === "admin") listed.fullName = row[20] as string;
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
