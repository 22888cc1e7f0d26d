import { Elysia } from "elysia";
import { currentUser } from "../auth/guard";
import type { AppContext } from "../context";
import { notFound } from "../http/errors";
import { MEDIA_ID_PATTERN, mediaAccess } from "./media.service";
import { parseRange } from "./range";

export function mediaRoutes(ctx: AppContext) {
  return new Elysia({ name: "media" }).get("/api/media/:id", async ({ params, request }) => {
    if (!MEDIA_ID_PATTERN.test(params.id)) throw notFound();
    const viewer = await currentUser(ctx, request);
    const access = await mediaAccess(ctx.db, params.id, viewer);
    // Refused and missing look alike, so ids leak nothing.
    if (!access) throw notFound();

    const { row, privileged, publicItem } = access;
    const usePublicCopy = !privileged && row.publicStoreKey !== null;
    const key = usePublicCopy ? row.publicStoreKey! : row.storeKey;
    const size = usePublicCopy ? row.publicSize! : row.size;
    const headers: Record<string, string> = {
      "content-type": row.mime,
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
      "cache-control": publicItem ? "public, max-age=300" : "private, no-store",
      "content-disposition": "inline",
    };

    const range = parseRange(request.headers.get("range"), size);
    if (range === "unsatisfiable") {
      return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
    }
    if (range) {
      const body = await ctx.store.read(key, range);
      return new Response(body, {
        status: 206,
        headers: { ...headers, "content-range": `bytes ${range.start}-${range.end}/${size}`, "content-length": String(range.end - range.start + 1) },
      });
    }
    const body = await ctx.store.read(key);
    return new Response(body, { status: 200, headers: { ...headers, "content-length": String(size) } });
  });
}
