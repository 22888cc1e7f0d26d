import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import { readCookie, SESSION_COOKIE } from "../http/cookies";
import type { AppContext } from "../context";
import { VERSION } from "../cli/version";
import { codeFor, DATABASE_DOWN_MESSAGE, errorJson, HttpError, httpErrorResponse } from "../http/errors";
import { oneLine } from "../http/server-errors";
import { outageMetrics } from "./metrics-state";
import { retryFailedJobs } from "../jobs/job-queue";
import { family, METRICS_CONTENT_TYPE, metricsText } from "./metrics-text";
import { serverStatus } from "./status.service";
import type { ServerWatch } from "./watch";

/** Admins' sessions this instance verified in the last few minutes (the Server screen polls every 5 s). */
class RecentAdmins {
  private readonly seen = new Map<string, number>();
  private static readonly FOR_MS = 5 * 60_000;
  verified(request: Request): void {
    const session = readCookie(request, SESSION_COOKIE);
    if (!session) return;
    if (this.seen.size > 100) this.seen.clear();
    this.seen.set(session, Date.now());
  }
  recentlyVerified(request: Request): boolean {
    const at = this.seen.get(readCookie(request, SESSION_COOKIE) ?? "");
    return at !== undefined && Date.now() - at < RecentAdmins.FOR_MS;
  }
}

const sameSecret = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && crypto.timingSafeEqual(a, b); // the runtime's global: node:crypto is not loaded at start
};

/**
 * The server's health for admins (the Server screen), and for a Prometheus scraper: /metrics exists only when
 * METRICS_TOKEN is set (404 otherwise) and answers only its bearer (401 otherwise).
 */
export function serverStatusRoutes(ctx: AppContext, watch: ServerWatch) {
  const admins = new RecentAdmins();
  return (app: Elysia) => app
    .get("/api/server/status", async ({ request }) => {
      try {
        await requireAdmin(ctx, request);
        const status = await serverStatus(ctx, watch);
        admins.verified(request);
        watch.database.reached();
        return status;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        watch.database.failed(error);
        const code = codeFor(503, DATABASE_DOWN_MESSAGE);
        // The database is down: an admin this instance verified a moment ago is told why and since when (params, for
        // the Server screen's words); anyone else only that.
        if (!admins.recentlyVerified(request)) return httpErrorResponse(new HttpError(503, "The server cannot reach its database.", code));
        const since = watch.database.since ?? new Date().toISOString();
        const reason = oneLine(error);
        return httpErrorResponse(new HttpError(503, `The server cannot reach its database since ${since}: ${reason}`, code, { since, reason }));
      }
    })
    // After fixing what made them fail (a tool installed, room made): every failed rendition job runs again.
    .post("/api/server/renditions/retry", async ({ request }) => {
      await requireAdmin(ctx, request);
      const retried = await retryFailedJobs(ctx.db, "renditions");
      watch.renditions.runner?.nudge();
      return { retried };
    })
    .get("/metrics", async ({ request }) => {
      const token = ctx.config.metricsToken;
      if (!token) return errorJson(404, "Not found.");
      const given = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
      if (!given || !sameSecret(given, token)) {
        return new Response("A bearer token (METRICS_TOKEN) is needed.\n", { status: 401, headers: { "www-authenticate": 'Bearer realm="metrics"' } });
      }
      const headers = { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" };
      try {
        return new Response(metricsText(await serverStatus(ctx, watch), watch.metrics), { headers });
      } catch (error) {
        console.error(`/metrics without the database: ${oneLine(error)}`);
        return new Response(outageMetrics(VERSION, watch.startedAt, family), { headers });
      }
    });
}
