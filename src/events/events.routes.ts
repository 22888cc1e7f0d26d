import { Elysia } from "elysia";
import { currentUser, isAdmin, requireAdmin } from "../auth/guard";
import { holdWhileSessionLives } from "../auth/live-sessions";
import { sha256Hex } from "../auth/passwords";
import type { AppContext } from "../context";
import { readCookie, SESSION_COOKIE } from "../http/cookies";
import { eventStream, newestAuditId, type StreamSession } from "./event-stream";

/** An audit id (`Last-Event-ID`, or `?after=`); anything else is none. */
const auditId = (value: string | null | undefined) => (value && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : undefined);

export function eventsRoutes(ctx: AppContext) {
  return (app: Elysia) => app.get("/api/events", async ({ query, request }) => {
    const admin = await requireAdmin(ctx, request);
    // A reconnect resumes after the last event it saw; a first connection after the list it shows (the list's
    // EVENTS_AFTER_HEADER), so nothing that changed between the list's answer and the stream's start is missed.
    const cursor = auditId(request.headers.get("last-event-id")) ?? auditId(query.after) ?? (await newestAuditId(ctx.db));
    // The stream lasts as long as this session: a logout, a log out everywhere, a deletion or a demotion ends it.
    const session: StreamSession = {
      stillAllowed: async () => {
        const user = await currentUser(ctx, request);
        return user?.id === admin.id && isAdmin(user);
      },
      hold: (end) => holdWhileSessionLives({ userId: admin.id, sessionHash: sha256Hex(readCookie(request, SESSION_COOKIE)!), end }),
    };
    return new Response(eventStream(ctx.db, cursor, request.signal, session), {
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
    });
  });
}
