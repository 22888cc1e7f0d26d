import type { EvidenceRow } from "../db/evidence";
import type { MediaFileRow } from "../db/media-files";
import { mediaUrl } from "../media/media.service";
import type { RenditionsOf } from "../renditions/renditions.service";

export type EvidenceWithContext = {
  /** The item's own columns (its client_ref stays on the server: lists do not read it). */
  item: Omit<EvidenceRow, "clientRef">;
  username?: string;
  avatarMediaId?: string | null;
  /** The poster's full name, given only to admins. */
  fullName?: string;
  /** Stored file facts, given only to the owner and admins. */
  media?: Pick<MediaFileRow, "size" | "mime" | "sha256"> | null;
  /** The name of whoever recorded the item's withdrawal (owner and admins; looked up by the lists). */
  withdrawerName?: string | null;
  /** Copies the server made for viewers (src/renditions); none when not looked up. */
  renditions?: RenditionsOf;
  /** What a redacted item's public copy hides (public lists only; src/redaction). */
  redacted?: { picture: boolean; sound: boolean };
};

const displayUrl = (renditions: RenditionsOf | undefined) => renditions?.renditions.find((rendition) => rendition.kind === "display")?.url;

export function evidenceJson({ item, username, avatarMediaId, fullName, media, renditions, withdrawerName, redacted }: EvidenceWithContext) {
  return {
    id: item.id,
    title: item.title,
    notes: item.notes,
    location: item.location,
    is_public: item.isPublic,
    media_type: item.mediaType,
    duration_ms: item.durationMs,
    // The spec's client shows only aws_url: once a copy every browser shows exists (a JPEG of a HEIC photo, H.264 of an
    // HEVC video), it points there; the original stays at original_url for its owner and admins (casefile's web uses both).
    aws_url: displayUrl(renditions) ?? mediaUrl(item.mediaId),
    original_url: mediaUrl(item.mediaId),
    thumbnail_url: mediaUrl(item.thumbnailId),
    /** What the server made for viewers: a display copy every browser plays, poster, thumbnail, waveform peaks. */
    renditions: renditions?.renditions ?? [],
    /** True while the server is still making them. */
    renditions_preparing: renditions?.preparing ?? false,
    date_posted: item.datePosted,
    /** When it was withdrawn from the public archive, and who recorded it (owner and admins; null otherwise). */
    withdrawn_at: item.withdrawnAt,
    withdrawn_by: item.withdrawnAt ? { id: item.withdrawnBy, username: withdrawerName ?? (item.withdrawnBy === item.userId ? (username ?? null) : null) } : null,
    user_id: item.userId,
    ...(username !== undefined ? { username, avatar_AWS_URL: mediaUrl(avatarMediaId) } : {}),
    ...(fullName !== undefined ? { full_name: fullName } : {}),
    ...(redacted ? { redacted } : {}),
    ...(media ? { media: { size: media.size, mime: media.mime, sha256: media.sha256 } } : {}),
  };
}
