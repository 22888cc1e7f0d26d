import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { evidence, type EvidenceRow } from "../db/evidence";
import { mediaFiles, type MediaFileRow } from "../db/media-files";
import { users } from "../db/users";
import { badRequest, notFound, tooLarge, unsupportedMedia } from "../http/errors";
import { discardStored, identify, mediaRows, storeMedia } from "../media/media.service";
import type { TempFile } from "../media/multipart";
import type { MediaKind } from "../media/sniff";
import { KIND_OF_TYPE, MEDIA_TYPES, THUMBNAIL_MAX_BYTES, type EvidenceText, type Page } from "./evidence-input";
import type { EvidenceWithContext } from "./evidence-json";

const TYPE_OF_KIND: Record<MediaKind, number> = { image: MEDIA_TYPES.image, video: MEDIA_TYPES.video, audio: MEDIA_TYPES.audio };

type Viewer = { id: number; admin: boolean };

const owned = (viewer: Viewer, item: EvidenceRow) => viewer.admin || item.userId === viewer.id;

/** An item the viewer may manage; another user's item is "not found" so ids reveal nothing. */
export async function findManageable(db: Database, id: number, viewer: Viewer): Promise<EvidenceRow> {
  const [item] = await db.select().from(evidence).where(eq(evidence.id, id)).limit(1);
  if (!item || !owned(viewer, item)) throw notFound("No such evidence.");
  return item;
}

type Uploads = { file?: TempFile; thumbnail?: TempFile };

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
  return { stored, media, thumb, mediaType: fileKind ? TYPE_OF_KIND[fileKind.kind] : undefined };
}

export async function createEvidence(ctx: AppContext, ownerId: number, text: EvidenceText, uploads: Uploads): Promise<EvidenceWithContext> {
  const { stored, media, thumb, mediaType } = await storeUploads(ctx, ownerId, uploads, ["image", "video", "audio"]);
  try {
    // Rows last, in one transaction: a failure leaves neither rows nor files.
    const inserts = [
      ...stored.map((m) => ctx.db.insert(mediaFiles).values(m)),
      ctx.db
        .insert(evidence)
        .values({
          userId: ownerId,
          ...text,
          mediaType: mediaType ?? MEDIA_TYPES.note,
          mediaId: media?.id ?? null,
          thumbnailId: thumb?.id ?? null,
          datePosted: new Date().toISOString(),
        })
        .returning(),
    ];
    const results = await ctx.db.batch(inserts as [any, ...any[]]);
    const [item] = results[results.length - 1] as EvidenceRow[];
    return { item: item!, media };
  } catch (error) {
    await discardStored(ctx.store, stored);
    throw error;
  }
}

export async function updateEvidence(
  ctx: AppContext,
  item: EvidenceRow,
  text: Pick<EvidenceText, "title" | "notes">,
  uploads: Uploads,
): Promise<EvidenceWithContext> {
  const kind = KIND_OF_TYPE[item.mediaType];
  if (uploads.file && !kind) throw unsupportedMedia("A note has no media to replace.");
  const { stored, media, thumb } = await storeUploads(ctx, item.userId, uploads, kind ? [kind] : []);
  // A new file makes the old file and its thumbnail (which pictured the old file) obsolete.
  const replaced = await mediaRows(ctx.db, media ? [item.mediaId, item.thumbnailId] : []);
  try {
    const results = await ctx.db.batch([
      ...stored.map((m) => ctx.db.insert(mediaFiles).values(m)),
      ctx.db
        .update(evidence)
        .set({
          title: text.title,
          notes: text.notes,
          ...(media ? { mediaId: media.id, thumbnailId: thumb?.id ?? null } : {}),
        })
        .where(eq(evidence.id, item.id))
        .returning(),
      ...replaced.map((m) => ctx.db.delete(mediaFiles).where(eq(mediaFiles.id, m.id))),
    ] as [any, ...any[]]);
    const [updated] = results[stored.length] as EvidenceRow[];
    await discardStored(ctx.store, replaced);
    const [current] = await mediaRows(ctx.db, [updated!.mediaId]);
    return { item: updated!, media: current ?? null };
  } catch (error) {
    await discardStored(ctx.store, stored);
    throw error;
  }
}

export async function deleteEvidence(ctx: AppContext, item: EvidenceRow): Promise<void> {
  const media = await mediaRows(ctx.db, [item.mediaId, item.thumbnailId]);
  await ctx.db.batch([
    ctx.db.delete(evidence).where(eq(evidence.id, item.id)),
    ...media.map((m) => ctx.db.delete(mediaFiles).where(eq(mediaFiles.id, m.id))),
  ] as [any, ...any[]]);
  await discardStored(ctx.store, media);
}

export async function toggleVisibility(db: Database, id: number): Promise<EvidenceRow> {
  const [item] = await db
    .update(evidence)
    .set({ isPublic: sql`not ${evidence.isPublic}` })
    .where(eq(evidence.id, id))
    .returning();
  if (!item) throw notFound("No such evidence.");
  return item;
}

export async function setAllVisibility(db: Database, isPublic: boolean): Promise<number> {
  const result = await db.update(evidence).set({ isPublic }).where(eq(evidence.isPublic, !isPublic));
  return result.rowsAffected;
}

const evidenceMedia = alias(mediaFiles, "evidence_media");

/** Newest first, with the poster's name and avatar; file facts only when withMedia (owner or admin lists). */
async function listEvidence(db: Database, where: SQL | undefined, page: Page | undefined, withMedia: boolean) {
  const conditions = and(where, page?.before ? lt(evidence.id, page.before) : undefined);
  const query = db
    .select({
      item: evidence,
      username: users.username,
      avatarMediaId: users.avatarMediaId,
      ...(withMedia ? { media: { size: evidenceMedia.size, mime: evidenceMedia.mime, sha256: evidenceMedia.sha256 } } : {}),
    })
    .from(evidence)
    .innerJoin(users, eq(users.id, evidence.userId))
    .leftJoin(evidenceMedia, eq(evidenceMedia.id, evidence.mediaId))
    .where(conditions)
    .orderBy(desc(evidence.id));
  return (page ? await query.limit(page.limit) : await query) as EvidenceWithContext[];
}

/** One user's items (for the user themself and for admins). */
export const listEvidenceOf = (db: Database, userId: number) => listEvidence(db, eq(evidence.userId, userId), undefined, true);
export const listPublicEvidence = (db: Database, page: Page) => listEvidence(db, eq(evidence.isPublic, true), page, false);
export const listAllEvidence = (db: Database, page: Page) => listEvidence(db, undefined, page, true);
