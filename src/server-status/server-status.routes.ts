import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { errorJson } from "../http/errors";
import { retryFailedJobs } from "../jobs/job-queue";
import { METRICS_CONTENT_TYPE, metricsText } from "./metrics-text";
import { serverStatus } from "./status.service";
import type { ServerWatch } from "./watch";

const sameSecret = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && crypto.timingSafeEqual(a, b); // the runtime's global: node:crypto is not loaded at start
};

/**
 * The server's health for admins (the Server screen), and for a Prometheus scraper: /metrics exists only when
 * METRICS_TOKEN is set (404 otherwise) and answers only its bearer (401 otherwise).
 */
export function serverStatusRoutes(ctx: AppContext, watch: ServerWatch) {
  return (app: Elysia) => app
    .get("/api/server/status", async ({ request }) => {
      await requireAdmin(ctx, request);
      return serverStatus(ctx, watch);
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
      return new Response(metricsText(await serverStatus(ctx, watch), watch.metrics), { headers: { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" } });
    });
}
