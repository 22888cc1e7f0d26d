import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { eventStream, newestAuditId } from "./event-stream";

/** An audit id from `Last-Event-ID`; anything else starts at the newest entry. */
const resumeId = (header: string | null) => (header && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined);

export function eventsRoutes(ctx: AppContext) {
  return new Elysia({ name: "events" }).get("/api/events", async ({ request }) => {
    await requireAdmin(ctx, request);
    const cursor = resumeId(request.headers.get("last-event-id")) ?? (await newestAuditId(ctx.db));
    return new Response(eventStream(ctx.db, cursor, request.signal), {
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
    });
  });
}
