/** An item's uploaded file and thumbnail: sniffed and stored, their rows made for the caller's batch to insert. */
import type { AppContext } from "../context";
import type { MediaFileRow } from "../db/media-files";
import { badRequest, tooLarge } from "../http/errors";
import { discardStored, identify, storeMedia } from "../media/media.service";
import type { TempFile } from "../media/multipart";
import type { MediaKind } from "../media/sniff";
import { MEDIA_TYPES, THUMBNAIL_MAX_BYTES } from "./evidence-input";
import { sizeText } from "../http/size-text";

const TYPE_OF_KIND: Record<MediaKind, number> = { image: MEDIA_TYPES.image, video: MEDIA_TYPES.video, audio: MEDIA_TYPES.audio };

/** durationMs: the file's playing time as the sender measured it (readDurationMs), for a video or audio file. */
export type Uploads = {
  file?: TempFile;
  thumbnail?: TempFile;
  durationMs?: number | null;
  /** The file is a finished resumable upload, counted in the hour when it was created. */
  hourCounted?: boolean;
};

/** Sniffs and stores the file and thumbnail; returns their rows (not yet inserted). */
export async function storeUploads(ctx: AppContext, ownerId: number, uploads: Uploads, kinds: MediaKind[]) {
  const { file, thumbnail } = uploads;
  if (thumbnail && !file) throw badRequest("A thumbnail needs a media file.");
  if (thumbnail && thumbnail.size > THUMBNAIL_MAX_BYTES) throw tooLarge(`Thumbnails can be at most ${sizeText(THUMBNAIL_MAX_BYTES)}.`);
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

export const sizeOf = (rows: MediaFileRow[]) => rows.reduce((sum, row) => sum + row.size, 0);
