/**
 * The public archive in IIIF, live: GET /iiif/collection.json and GET /iiif/<item id>/manifest.json, for viewers
 * (Mirador, Universal Viewer) and collection systems. Public items only; any other id is "not found", as the media
 * route answers, so ids reveal nothing. And the whole edition as a ZIP for admins: GET /api/edition.zip.
 */
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { sealAuditLog } from "../audit/audit-chain";
import { requireAdmin } from "../auth/guard";
import { forbidden, notFound } from "../http/errors";
import { isCrossSite } from "../http/request-info";
import { findTools } from "../renditions/tools";
import { currentShow } from "../show/show.service";
import { readEditionItems, type EditionFile } from "./edition-items";
import { editionZip } from "./edition-zip";
import { measureFiles } from "./file-facts";
import { buildCollection, buildManifest, type IiifLinks } from "./iiif";
import { licenceOf } from "./licence";

const IIIF_HEADERS = {
  "content-type": 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"',
  // Viewers on other sites read manifests; nothing here is private.
  "access-control-allow-origin": "*",
  "cache-control": "public, max-age=60",
};

/** Absolute addresses on the origin the request came to (IIIF ids are absolute); an item's page is its archive deep link. */
function liveLinks(request: Request): IiifLinks {
  const origin = new URL(request.url).origin;
  return {
    at: (path) => `${origin}/${path.startsWith("items/") ? `archive/${path.slice("items/".length).replace(/\/$/, "")}` : path}`,
    file: (file) => origin + file.liveUrl,
  };
}

export function editionRoutes(ctx: AppContext) {
  const tools = findTools();
  const facts = (files: EditionFile[]) => measureFiles(tools, files, (file) => ctx.store.localPath?.(file.storeKey));
  return (app: Elysia) =>
    app
      .get("/iiif/collection.json", async ({ request }) => {
        const [items, show] = await Promise.all([readEditionItems(ctx.db.$client), currentShow(ctx)]);
        return new Response(JSON.stringify(buildCollection(items, licenceOf(show.text), liveLinks(request))), { headers: IIIF_HEADERS });
      })
      .get("/api/edition.zip", async ({ request }) => {
        const admin = await requireAdmin(ctx, request);
        // A GET that writes an audit entry: a link on another site must not make an admin's browser write it.
        if (isCrossSite(request)) throw forbidden("Download the archive edition from the Server screen.");
        const stream = await editionZip(ctx, admin, request.signal);
        await sealAuditLog(ctx.db); // a GET: the server seals after writes only
        const day = new Date().toISOString().slice(0, 10);
        return new Response(stream, {
          headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="archive-edition-${day}.zip"`, "cache-control": "no-store" },
        });
      })
      .get("/iiif/:id/manifest.json", async ({ params, request }) => {
        if (!/^[1-9][0-9]{0,15}$/.test(params.id)) throw notFound();
        const [item] = await readEditionItems(ctx.db.$client, Number(params.id));
        if (!item) throw notFound();
        const show = await currentShow(ctx);
        const manifest = buildManifest(item, licenceOf(show.text), liveLinks(request), await facts(item.files.filter((f) => f.role === "main")));
        return new Response(JSON.stringify(manifest), { headers: IIIF_HEADERS });
      });
}
