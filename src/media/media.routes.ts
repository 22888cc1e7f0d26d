import { Elysia } from "elysia";
import { currentUser } from "../auth/guard";
import type { AppContext } from "../context";
import { notFound } from "../http/errors";
import { MEDIA_ID_PATTERN, mediaAccess } from "./media.service";
import { rangedResponse } from "./range";

export function mediaRoutes(ctx: AppContext) {
  return new Elysia({ name: "media" }).get("/api/media/:id", async ({ params, request }) => {
    if (!MEDIA_ID_PATTERN.test(params.id)) throw notFound();
    const viewer = await currentUser(ctx, request);
    const access = await mediaAccess(ctx.db, params.id, viewer);
    // Refused and missing look alike, so ids leak nothing.
    if (!access) throw notFound();

    const { row, privileged, publicItem } = access;
    const usePublicCopy = !privileged && row.publicCopy === "copy";
    const key = usePublicCopy ? row.publicStoreKey! : row.storeKey;
    const size = usePublicCopy ? row.publicSize! : row.size;
    const headers = {
      "content-type": row.mime,
      "x-content-type-options": "nosniff",
      "cache-control": publicItem ? "public, max-age=300" : "private, no-store",
      "content-disposition": "inline",
    };
    // HEAD comes here too (see getForHead): the same headers, Range included, without reading the file.
    return rangedResponse(request, size, headers, (range) => ctx.store.read(key, range));
  });
}
