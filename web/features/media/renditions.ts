/**
 * Which file to show for an item: the server makes a display copy only of originals some browsers cannot play (HEIC
 * photos, HEVC or ProRes videos, WebM recordings), so when there is one it is the better choice everywhere; the
 * original stays what downloads and exports give. Pure, with the browser's answer passed in (`canPlay`), so the
 * choices are tested without a DOM.
 */
import type { Evidence, Rendition } from "../../api/types";

type WithRenditions = Pick<Evidence, "aws_url" | "thumbnail_url" | "renditions"> & Partial<Pick<Evidence, "renditions_preparing" | "media" | "original_url">>;

/** Whether this browser shows or plays a file of this type. */
export type CanPlay = (mime: string) => boolean;

/** `mime` null: the original of a public item, whose type the public API does not say. */
export type MediaSource = { url: string; mime: string | null };

const find = (item: WithRenditions, kind: Rendition["kind"]) => item.renditions?.find((r) => r.kind === kind);

/**
 * This browser's answer: sound and video by canPlayType (which answers "" for QuickTime and for HEVC named by its
 * codec; plain video/mp4 gets "maybe" whatever is inside). Images it cannot be asked about: JPEG, PNG and the like
 * show everywhere, HEIC/HEIF only in Safari, so those count as not shown (the server's JPEG serves Safari as well).
 */
export const browserCanPlay: CanPlay = (mime) => {
  const type = mime.split("/")[0];
  if (type === "image") return !/^image\/hei[cf]/i.test(mime);
  if (type !== "video" && type !== "audio") return false;
  return document.createElement(type).canPlayType(mime) !== "";
};

/** The photo, video or recording to show and play: the display copy when this browser plays it, else the original. */
export function displaySource(item: WithRenditions, canPlay: CanPlay = browserCanPlay): MediaSource | null {
  const display = find(item, "display");
  if (display && canPlay(display.mime)) return { url: display.url, mime: display.mime };
  const original = item.original_url ?? item.aws_url;
  return original ? { url: original, mime: item.media?.mime ?? null } : null;
}

/**
 * True when a broken player would be all there is to see: the original is known not to show here (its type, which
 * owners and admins get), no display copy exists yet, and the server is still making one. Then a calm line says so;
 * once nothing is being made the original is offered as it always was.
 */
export function preparingCopy(item: WithRenditions, canPlay: CanPlay = browserCanPlay): boolean {
  if (!item.renditions_preparing || !item.aws_url || find(item, "display")) return false;
  const mime = item.media?.mime;
  return mime !== undefined && !canPlay(mime);
}

/** A video's still before it plays: the server's poster (a frame of the video itself), else the sender's thumbnail. */
export const posterUrl = (item: WithRenditions): string | null => find(item, "poster")?.url ?? item.thumbnail_url;

export { thumbnailUrl } from "../../../src/evidence/tile-thumbnail";

/** A recording's waveform, computed by the server (no need to download and decode the whole recording). */
export const peaksUrl = (item: WithRenditions): string | null => find(item, "peaks")?.url ?? null;
