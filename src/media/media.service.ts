import { eq, inArray, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { evidence } from "../db/evidence";
import { mediaFiles, type MediaFileRow } from "../db/media-files";
import type { UserRow } from "../db/users";
import { unsupportedMedia } from "../http/errors";
import type { TempFile } from "./multipart";
import { sniffFile, type MediaKind, type Sniffed } from "./sniff";
import type { MediaStore } from "./store";
import { stripImage as stripImageMetadata } from "./strip/image";

export type MediaPurpose = MediaFileRow["purpose"];

/** Largest photo we make a metadata-free public copy of in memory; larger "photos" are refused. */
export const MAX_IMAGE_BYTES = 100 * 1024 * 1024;

export const mediaUrl = (id: string | null | undefined) => (id ? `/api/media/${id}` : null);

const newMediaId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");

export const MEDIA_ID_PATTERN = /^[0-9a-f]{32}$/;

const KIND_NAMES: Record<MediaKind, string> = { image: "an image", video: "a video", audio: "an audio recording" };

/** Sniffs a temp file and insists it is one of the allowed kinds. */
export async function identify(file: TempFile, allowed: MediaKind[], what: string): Promise<Sniffed> {
  const sniffed = await sniffFile(Bun.file(file.path));
  if (!sniffed || !allowed.includes(sniffed.kind)) {
    const kinds = allowed.map((k) => KIND_NAMES[k]).join(" or ");
    throw unsupportedMedia(`The ${what} must be ${kinds} in a supported format.`);
  }
  if (sniffed.kind === "image" && file.size > MAX_IMAGE_BYTES) {
    throw unsupportedMedia(`Photos larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB are not supported.`);
  }
  return sniffed;
}

/**
 * Moves a sniffed temp file into the store (plus a metadata-free copy for photos) and returns the row to
 * insert. The caller writes the row last and calls discardStored() if that fails.
 */
export async function storeMedia(
  store: MediaStore,
  file: TempFile,
  sniffed: Sniffed,
  ownerId: number,
  purpose: MediaPurpose,
): Promise<MediaFileRow> {
  const id = newMediaId();
  const storeKey = `${purpose}/${id}`;
  let publicCopy: Uint8Array | undefined;
  if (sniffed.kind === "image") {
    publicCopy = stripImageMetadata(new Uint8Array(await Bun.file(file.path).arrayBuffer()), sniffed.mime);
  }
  await store.putFile(storeKey, file.path, sniffed.mime);
  const publicStoreKey = publicCopy ? `${storeKey}.public` : null;
  if (publicCopy && publicStoreKey) {
    try {
      await store.putBytes(publicStoreKey, publicCopy, sniffed.mime);
    } catch (error) {
      await store.delete(storeKey);
      throw error;
    }
  }
  return {
    id,
    ownerId,
    purpose,
    storeKey,
    publicStoreKey,
    publicSize: publicCopy?.length ?? null,
    mime: sniffed.mime,
    size: file.size,
    sha256: file.sha256,
    createdAt: new Date().toISOString(),
  };
}

/** Removes stored bytes of media rows (used after their rows are gone, or when a row could not be written). */
export async function discardStored(store: MediaStore, rows: Pick<MediaFileRow, "storeKey" | "publicStoreKey">[]): Promise<void> {
  await Promise.all(
    rows.flatMap((row) => [row.storeKey, row.publicStoreKey].filter((k): k is string => !!k).map((k) => store.delete(k))),
  );
}

export async function mediaRows(db: Database, ids: (string | null | undefined)[]): Promise<MediaFileRow[]> {
  const present = ids.filter((id): id is string => !!id);
  if (present.length === 0) return [];
  return db.select().from(mediaFiles).where(inArray(mediaFiles.id, present));
}

export type MediaAccess = { row: MediaFileRow; privileged: boolean; publicItem: boolean } | undefined;

/**
 * Who may read a media file: avatars anyone; verification photos only owner and admins;
 * evidence media and thumbnails owner and admins, and anyone once the item is public.
 */
export async function mediaAccess(db: Database, id: string, viewer: UserRow | undefined): Promise<MediaAccess> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1);
  if (!row) return undefined;
  const privileged = !!viewer && (viewer.id === row.ownerId || viewer.role === 2);
  if (row.purpose === "avatar") return { row, privileged, publicItem: true };
  if (row.purpose === "verification") return privileged ? { row, privileged, publicItem: false } : undefined;
  const [item] = await db
    .select({ isPublic: evidence.isPublic })
    .from(evidence)
    .where(or(eq(evidence.mediaId, id), eq(evidence.thumbnailId, id)))
    .limit(1);
  if (!item) return privileged ? { row, privileged, publicItem: false } : undefined;
  if (privileged || item.isPublic) return { row, privileged, publicItem: item.isPublic };
  return undefined;
}
