import { Elysia } from "elysia";
import { currentUser } from "../auth/guard";
import type { AppContext } from "../context";
import { notFound } from "../http/errors";
import { MEDIA_ID_PATTERN, mediaAccess } from "./media.service";
import { rangedResponse } from "./range";
import { and, eq } from "drizzle-orm";
import { mediaRenditions, type RenditionKind } from "../db/media-renditions";
import { RENDITION_KINDS } from "../renditions/renditions.service";

const mediaHeaders = (mime: string, publicItem: boolean) => ({
  "content-type": mime,
  "x-content-type-options": "nosniff",
  "cache-control": publicItem ? "public, max-age=300" : "private, no-store",
  "content-disposition": "inline",
});

export function mediaRoutes(ctx: AppContext) {
  return (app: Elysia) => app.get("/api/media/:id", async ({ params, request }) => {
    if (!MEDIA_ID_PATTERN.test(params.id)) throw notFound();
    const viewer = await currentUser(ctx, request);
    const access = await mediaAccess(ctx.db, params.id, viewer);
    // Refused and missing look alike, so ids leak nothing.
    if (!access) throw notFound();

    const { row, privileged, publicItem } = access;
    const usePublicCopy = !privileged && row.publicCopy === "copy";
    const key = usePublicCopy ? row.publicStoreKey! : row.storeKey;
    const size = usePublicCopy ? row.publicSize! : row.size;
    const headers = mediaHeaders(row.mime, publicItem);
    // HEAD comes here too (see getForHead): the same headers, Range included, without reading the file.
    return rangedResponse(request, size, headers, (range) => ctx.store.read(key, range));
  })
  // A rendition (src/renditions) is read by whoever may read its file; it carries no metadata, so owner, admins
  // and the public get the same bytes.
  .get("/api/media/:id/:kind", async ({ params, request }) => {
    if (!MEDIA_ID_PATTERN.test(params.id) || !RENDITION_KINDS.includes(params.kind as RenditionKind)) throw notFound();
    const viewer = await currentUser(ctx, request);
    const access = await mediaAccess(ctx.db, params.id, viewer);
    if (!access) throw notFound();
    const [rendition] = await ctx.db
      .select()
      .from(mediaRenditions)
      .where(and(eq(mediaRenditions.mediaId, params.id), eq(mediaRenditions.kind, params.kind as RenditionKind)))
      .limit(1);
    if (!rendition) throw notFound();
    const headers = mediaHeaders(rendition.mime, access.publicItem);
    return rangedResponse(request, rendition.size, headers, (range) => ctx.store.read(rendition.storeKey, range));
  });
}
