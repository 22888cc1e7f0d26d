/** What a public or own item's JSON (evidence-json.ts) says about its pictures. */
type WithPictures = { thumbnail_url: string | null; renditions?: readonly { kind: string; url: string }[] };

/**
 * The small picture of an item's tile: the server's thumbnail, else a video's poster (both made from the file itself, so
 * a picture whatever the sender's browser could decode), else the sender's own. The web app's lists and the archive's
 * preload (public-page.ts) choose the same one.
 */
export const thumbnailUrl = (item: WithPictures): string | null =>
  item.renditions?.find((r) => r.kind === "thumbnail")?.url ?? item.renditions?.find((r) => r.kind === "poster")?.url ?? item.thumbnail_url ?? null;
