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
};

export function evidenceJson({ item, username, avatarMediaId, fullName, media, renditions, withdrawerName }: EvidenceWithContext) {
  return {
    id: item.id,
    title: item.title,
    notes: item.notes,
    location: item.location,
    is_public: item.isPublic,
    media_type: item.mediaType,
    duration_ms: item.durationMs,
    aws_url: mediaUrl(item.mediaId),
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
    ...(media ? { media: { size: media.size, mime: media.mime, sha256: media.sha256 } } : {}),
  };
}
