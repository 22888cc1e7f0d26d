import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { readConsoleFilter } from "../desk/console-query";
import { planExport } from "./plan";
import { streamExport } from "./stream";

/** GET /api/export: the admin list's filters (the console's own reader) in, a ZIP of originals and manifests out, streamed. */
export function exportRoutes(ctx: AppContext) {
  return (app: Elysia) => app.get("/api/export", async ({ query, request }) => {
    const user = await requireAdmin(ctx, request);
    const plan = await planExport(ctx, { user }, readConsoleFilter(query));
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
