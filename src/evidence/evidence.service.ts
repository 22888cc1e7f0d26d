/** Writing items: creating, editing and deleting, each with its audit entry (and quota count) in one batch. */
import { and, eq, inArray } from "drizzle-orm";
import { auditStatement, changedFields, type AuditActor } from "../audit/audit-record";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { evidence, type EvidenceRow } from "../db/evidence";
import { mediaFiles, type MediaFileRow } from "../db/media-files";
import { discardStored, mediaRows } from "../media/media.service";
import { redactedCopyIds } from "../redaction/redaction-state";
import { MEDIA_TYPES, type EvidenceText } from "./evidence-input";
import type { EvidenceWithContext } from "./evidence-json";
import { sizeOf, storeUploads, type Uploads } from "./evidence-media";
import { withOwnMedia } from "./evidence-queries";
import { forgetPublicPages } from "./public-page-cache";
import { countUpload, quotaRefusal, type Uploader } from "./quotas";
import { outdateRedactionStatements } from "../redaction/redaction-outdated";

type BatchItem = Parameters<Database["batch"]>[0][number];

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
  // A file of another kind (audio replaced by a video, a note given a photo) is checked as a new upload of that kind
  // and changes the item's kind, as the original server did: its client sends the title edit in the same request.
  const { stored, media, thumb, durationMs, mediaType } = await storeUploads(ctx, item.userId, uploads, ["image", "video", "audio"]);
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
          ...(media ? { mediaId: media.id, thumbnailId: thumb?.id ?? null, durationMs, mediaType } : {}),
        })
        .where(eq(evidence.id, item.id))
        .returning(),
      auditStatement(ctx.db, {
        actor: uploader,
        action: "evidence.update",
        targetType: "evidence",
        targetId: item.id,
        detail: changedFields(
          { title: item.title, notes: item.notes, media_type: item.mediaType, file_sha256: replaced.find((m) => m.purpose === "evidence")?.sha256 ?? null },
          { title: text.title, notes: text.notes, media_type: media ? mediaType : undefined, file_sha256: media?.sha256 },
        ),
      }),
      ...replaced.map((m) => ctx.db.delete(mediaFiles).where(eq(mediaFiles.id, m.id))),
      ...(media ? countUpload(ctx, uploader, item.userId, { withFile: true }) : []),
      ...(media ? outdateRedactionStatements(ctx.db, item.id, uploader) : []),
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
  const copies = await redactedCopyIds(ctx.db, items.map((item) => item.id));
  const media = await mediaRows(ctx.db, [...items.flatMap((item) => [item.mediaId, item.thumbnailId]), ...copies]);
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
