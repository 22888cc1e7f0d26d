import { rm } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { mediaFiles, type MediaFileRow } from "../db/media-files";
import type { UserRow } from "../db/users";
import { unsupportedMedia } from "../http/errors";
import { mediaDurationMs } from "./duration";
import type { TempFile } from "./multipart";
import { declaredPixels, MAX_PHOTO_PIXELS } from "./pixels";
import { sniffFile, type MediaKind, type Sniffed } from "./sniff";
import type { MediaStore } from "./store";
import { writePublicCopy, type CopyJob, type WrittenCopy } from "./public-copy";
import { LargeRead } from "./strip/source";
import { MediaThreadStopped, writePatchedCopyOffThread, writePublicCopyOffThread } from "./media-thread";
import { turns } from "./turns";
import { itemOfCopy, itemOfFile } from "../redaction/redaction-state";
import { RENDITION_KINDS, renditionKey } from "../renditions/renditions.service";

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
  // Bounded by the pixels it declares before any decoder sees it (pixels.ts); one whose size cannot be read is refused.
  if (sniffed.kind === "image") {
    const pixels = await declaredPixels(Bun.file(file.path), sniffed.mime);
    if (!pixels) throw unsupportedMedia(`The ${what}'s size in pixels could not be read: it must be ${KIND_NAMES.image} in a supported format.`);
    if (pixels > MAX_PHOTO_PIXELS) throw unsupportedMedia(`Photos larger than ${MAX_PHOTO_PIXELS / 1_000_000} megapixels are not supported.`);
  }
  return sniffed;
}

/** The public version of a file; a copy waits in a temp file (path) until it is moved into the store. */
export type PublicVersion = { state: "original" | "withheld" } | { state: "copy"; size: number; path: string };

const WITHHELD: PublicVersion = { state: "withheld" };

/**
 * The largest header of a video or recording walked here, in one piece of CPU after one read. A phone's minute of
 * video has a moov of tens of KB (an hour's may pass this); a crafted one of 16 MB (4 million chunk offsets) held
 * every other request ~80 ms, so a file with a larger header is walked on the media thread instead.
 */
export const LARGEST_HEADER_WALKED_HERE = 1024 * 1024;

/**
 * What the public may see of a file: the original when it carries no place or device, a metadata-free copy (written
 * to a temp file, then moved into the store beside the original), or nothing when no safe copy can be made, the copy
 * overran its time or the media thread failed (fail closed; the original is kept).
 * A photo is walked in memory in one piece of CPU (a crafted 25 MB JPEG held every other request ~160 ms), so it goes
 * to the media thread. Video and audio are planned from small reads of their headers, awaiting each, and copied by
 * the kernel: they stay here, because sending them to the thread cost the video crowd 8–44 MiB of peak RSS and 35–70 ms
 * of p99 in interleaved runs (bench/show-night.ts, BENCHMARKS.md) — unless a header is too large to walk in one piece
 * here (LARGEST_HEADER_WALKED_HERE). offThread: the media thread (another in tests).
 */
export async function publicVersion(
  file: Pick<TempFile, "path" | "size">,
  sniffed: Sniffed,
  tempDir: string,
  offThread = writePublicCopyOffThread,
): Promise<PublicVersion> {
  const copyPath = path.join(tempDir, `${crypto.randomUUID()}.public`);
  const job = { path: file.path, size: file.size, kind: sniffed.kind, mime: sniffed.mime, copyPath };
  const written = await writeCopy(job, offThread).catch(async (error) => {
    await rm(copyPath, { force: true });
    if (!(error instanceof MediaThreadStopped)) throw error;
    console.warn(`public copy of a ${sniffed.mime} file (${file.size} bytes) withheld: ${error.message}`);
    return WITHHELD;
  });
  if (written.state !== "copy") await rm(copyPath, { force: true });
  return written.state === "copy" ? { ...written, path: copyPath } : written;
}

function writeCopy(job: CopyJob, offThread: typeof writePublicCopyOffThread): Promise<WrittenCopy> {
  if (job.kind === "image") return offThread(job);
  return writePublicCopy(job, LARGEST_HEADER_WALKED_HERE, writePatchedCopyOffThread).catch((error) => {
    if (error instanceof LargeRead) return offThread(job);
    throw error;
  });
}

/** Files being stored at once, per process (see turns.ts). */
const storing = turns(4);

/**
 * Moves a sniffed temp file into the store, with its public copy when one is needed, and returns the row to
 * insert. The caller writes the row last and calls discardStored() if that fails.
 */
export function storeMedia(store: MediaStore, file: TempFile, sniffed: Sniffed, ownerId: number, purpose: MediaPurpose): Promise<MediaFileRow> {
  return storing(() => storeNow(store, file, sniffed, ownerId, purpose));
}

async function storeNow(store: MediaStore, file: TempFile, sniffed: Sniffed, ownerId: number, purpose: MediaPurpose): Promise<MediaFileRow> {
  const id = newMediaId();
  const storeKey = `${purpose}/${id}`;
  // Verification photos never reach the public, so they need no copy.
  const version = purpose === "verification" ? WITHHELD : await publicVersion(file, sniffed, store.tempDir);
  const publicStoreKey = version.state === "copy" ? `${storeKey}.public` : null;
  const durationMs = sniffed.kind === "image" ? null : await mediaDurationMs(Bun.file(file.path), sniffed.mime); // before the store takes the file
  try {
    await store.putFile(storeKey, file.path, sniffed.mime);
    if (version.state === "copy") {
      await store.putFile(publicStoreKey!, version.path, sniffed.mime).catch(async (error) => {
        await store.delete(storeKey);
        throw error;
      });
    }
  } finally {
    if (version.state === "copy") await rm(version.path, { force: true });
  }
  return {
    id,
    ownerId,
    purpose,
    storeKey,
    publicCopy: version.state,
    publicStoreKey,
    publicSize: version.state === "copy" ? version.size : null,
    mime: sniffed.mime,
    size: file.size,
    sha256: file.sha256,
    durationMs,
    createdAt: new Date().toISOString(),
  };
}

/**
 * Removes stored bytes of media rows, their renditions' too (used after their rows are gone, or when a row could not
 * be written).
 */
export async function discardStored(store: MediaStore, rows: Pick<MediaFileRow, "storeKey" | "publicStoreKey">[]): Promise<void> {
  const keys = rows.flatMap((row) => [row.storeKey, row.publicStoreKey, ...RENDITION_KINDS.map((kind) => renditionKey(row.storeKey, kind))]);
  await Promise.all(keys.filter((k): k is string => !!k).map((k) => store.delete(k)));
}

export async function mediaRows(db: Database, ids: (string | null | undefined)[]): Promise<MediaFileRow[]> {
  const present = ids.filter((id): id is string => !!id);
  if (present.length === 0) return [];
  return db.select().from(mediaFiles).where(inArray(mediaFiles.id, present));
}

export type MediaAccess = { row: MediaFileRow; privileged: boolean; publicItem: boolean } | undefined;

/**
 * Who may read a media file: avatars anyone; verification photos only owner and admins;
 * evidence media and thumbnails owner and admins, and anyone once the item is public — unless the item is redacted
 * (src/redaction): then the public reads only its current redacted copy, once made, and nothing of the original.
 * A file with no safe public copy ("withheld") reaches only owner and admins.
 */
export async function mediaAccess(db: Database, id: string, viewer: UserRow | undefined): Promise<MediaAccess> {
  const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1);
  if (!row) return undefined;
  const privileged = !!viewer && (viewer.id === row.ownerId || viewer.role === 2);
  if (!privileged && row.publicCopy === "withheld") return undefined;
  if (row.purpose === "avatar") return { row, privileged, publicItem: true };
  if (row.purpose === "verification") return privileged ? { row, privileged, publicItem: false } : undefined;
  if (row.purpose === "redaction") {
    const copy = await itemOfCopy(db, id);
    if (privileged) return { row, privileged, publicItem: !!copy?.isPublic && copy.current };
    return copy?.isPublic && copy.current ? { row, privileged, publicItem: true } : undefined;
  }
  const item = await itemOfFile(db, id);
  if (!item) return privileged ? { row, privileged, publicItem: false } : undefined;
  if (privileged) return { row, privileged, publicItem: item.isPublic && !item.redacts };
  if (item.isPublic && !item.redacts) return { row, privileged, publicItem: true };
  return undefined;
}
