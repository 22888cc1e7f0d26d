import type { MediaType } from "../api/types";

export const MEDIA_LABELS: Record<MediaType, string> = { 1: "Note", 2: "Photo", 3: "Video", 4: "Audio" };

/** The filter toggle of the list and archive: All, Notes (1), Photos (2), Videos (3), Audio (4). */
export type MediaFilter = 0 | MediaType;
export const FILTER_OPTIONS: { value: MediaFilter; label: string }[] = [
  { value: 0, label: "All" },
  { value: 1, label: "Notes" },
  { value: 2, label: "Photos" },
  { value: 3, label: "Videos" },
  { value: 4, label: "Audio" },
];

/** What a replacement file may be: the same kind as the item (notes have no media). */
export const ACCEPT_BY_TYPE: Partial<Record<MediaType, string>> = { 2: "image/*", 3: "video/*", 4: "audio/*" };
