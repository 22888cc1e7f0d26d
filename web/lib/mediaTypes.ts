import type { MediaType } from "../api/types";
import { t, type MessageId } from "../features/i18n/i18n";

/** Each kind as a key for messages that choose their words by kind (`{kind, select, photo {…} …}`). */
export const KIND_KEYS: Record<MediaType, "note" | "photo" | "video" | "audio"> = { 1: "note", 2: "photo", 3: "video", 4: "audio" };


/** Each kind's name in the active language, read when shown (`MEDIA_LABELS[2]` → "Photo"). */
export const MEDIA_LABELS = Object.defineProperties(
  {},
  Object.fromEntries(Object.entries(KIND_KEYS).map(([type, key]) => [type, { get: () => t(`kind.${key}`), enumerable: true }])),
) as Record<MediaType, string>;

/** The filter toggle of the list and archive: All, Notes (1), Photos (2), Videos (3), Audio (4). */
export type MediaFilter = 0 | MediaType;
const FILTER_MESSAGES: [MediaFilter, MessageId][] = [
  [0, "kind.filter.all"],
  [1, "kind.filter.notes"],
  [2, "kind.filter.photos"],
  [3, "kind.filter.videos"],
  [4, "kind.filter.audio"],
];
/** The options with their labels in the active language (each label read when shown). */
export const FILTER_OPTIONS: { value: MediaFilter; readonly label: string }[] = FILTER_MESSAGES.map(([value, id]) => ({
  value,
  get label() {
    return t(id);
  },
}));

/** The kind a file will be by its type ("video/mp4" → 3), or null for a type that is none of them. */
export function mediaTypeOfFile(mimeType: string): MediaType | null {
  const family = mimeType.split("/")[0];
  return family === "image" ? 2 : family === "video" ? 3 : family === "audio" ? 4 : null;
}

/** What the participant calls a file: its kind by its type ("video/mp4" → "Video"), never the type's technical name. */
export function fileKindLabel(mimeType: string): string {
  const type = mediaTypeOfFile(mimeType);
  return type ? MEDIA_LABELS[type] : t("evidence.file");
}

/** What a replacement file may be: the same kind as the item (notes have no media). */
export const ACCEPT_BY_TYPE: Partial<Record<MediaType, string>> = { 2: "image/*", 3: "video/*", 4: "audio/*" };
