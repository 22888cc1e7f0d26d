import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { filterParamsOf, parseExportFilters } from "./export-filters";
import { planExport } from "./plan";
import { streamExport } from "./stream";

/** GET /api/export: the admin list's filters in, a ZIP of originals and manifests out, streamed. */
export function exportRoutes(ctx: AppContext) {
  return new Elysia({ name: "export" }).get("/api/export", async ({ request }) => {
    const user = await requireAdmin(ctx, request);
    const plan = await planExport(ctx, { user }, parseExportFilters(filterParamsOf(new URL(request.url).searchParams)));
    const day = plan.createdAt.slice(0, 10);
    return new Response(streamExport(ctx, plan), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="casefile-export-${day}.zip"`,
        "cache-control": "no-store",
        "x-export-items": String(plan.items.length),
      },
    });
  });
}
