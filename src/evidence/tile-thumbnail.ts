/** What a public or own item's JSON (evidence-json.ts) says about its pictures. */
type WithPictures = { thumbnail_url: string | null; renditions?: readonly { kind: string; url: string }[] };

/**
 * The small picture of an item's tile: the sender's own thumbnail first (the one they saw), else the server's, else a
 * video's poster. The web app's lists and the archive's preload (public-page.ts) choose the same one.
 */
export const thumbnailUrl = (item: WithPictures): string | null =>
  item.thumbnail_url ?? item.renditions?.find((r) => r.kind === "thumbnail")?.url ?? item.renditions?.find((r) => r.kind === "poster")?.url ?? null;
