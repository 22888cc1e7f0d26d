/**
 * Which file to show for an item: the server makes a display copy only of originals some browsers cannot play (HEIC
 * photos, HEVC or ProRes videos, WebM recordings), so when there is one it is the better choice everywhere; the
 * original stays what downloads and exports give.
 */
import type { Evidence, Rendition } from "../../api/types";

type WithRenditions = Pick<Evidence, "aws_url" | "thumbnail_url" | "renditions">;

const find = (item: WithRenditions, kind: Rendition["kind"]) => item.renditions?.find((r) => r.kind === kind);

/** The photo, video or recording to show and play. */
export const mediaSource = (item: WithRenditions): string | null => find(item, "display")?.url ?? item.aws_url;

/** A video's still before it plays: the server's poster (a frame of the video itself), else the sender's thumbnail. */
export const posterUrl = (item: WithRenditions): string | null => find(item, "poster")?.url ?? item.thumbnail_url;

/** A small picture for lists and tiles: the sender's own thumbnail first (the one they saw), else the server's. */
export const thumbnailUrl = (item: WithRenditions): string | null => item.thumbnail_url ?? find(item, "thumbnail")?.url ?? find(item, "poster")?.url ?? null;

/** A recording's waveform, computed by the server (no need to download and decode the whole recording). */
export const peaksUrl = (item: WithRenditions): string | null => find(item, "peaks")?.url ?? null;
