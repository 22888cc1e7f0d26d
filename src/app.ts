import { Elysia } from "elysia";
import { auditRoutes } from "./audit/audit.routes";
import type { AppContext } from "./context";
import { deskRoutes } from "./desk/desk.routes";
import { editionRoutes } from "./edition/edition.routes";
import { eventsRoutes } from "./events/events.routes";
import { evidenceRoutes } from "./evidence/evidence.routes";
import { archivePreloadLinks } from "./evidence/public-page";
import { exportRoutes } from "./export/export.routes";
import { healthRoutes } from "./health/health.routes";
import { i18nRoutes } from "./i18n/i18n.routes";
import { isExactApiPath, looksLikeApiPath } from "./http/api-paths";
import { errorJson, HttpError, httpErrorResponse, MEDIA_MISSING_MESSAGE } from "./http/errors";
import { serverErrorResponse } from "./http/server-errors";
import { MissingMediaError } from "./media/store";
import { mediaRoutes } from "./media/media.routes";
import { redactionRoutes } from "./redaction/redaction.routes";
import { resetRoutes } from "./reset/reset.routes";
import { serverStatusRoutes } from "./server-status/server-status.routes";
import type { ServerWatch } from "./server-status/watch";
import { retentionRoutes } from "./rights/retention.routes";
import { rightsRoutes } from "./rights/rights.routes";
import { setupRoutes } from "./setup/setup.routes";
import { showRoutes } from "./show/show.routes";
import { passwordRoutes } from "./users/password.routes";
import { warningsRoutes } from "./show/warnings.routes";
import { tusRoutes } from "./uploads/tus.routes";
import { usersRoutes } from "./users/users.routes";
import { brandRoutes } from "./web/brand.routes";
import type { WebAssets } from "./web/web-assets";
import { webRoutes } from "./web/web.routes";

/** The whole HTTP application: every feature's routes, one error shape. */
export function createApp(ctx: AppContext, assets: WebAssets, watch: ServerWatch) {
  return new Elysia()
    .onRequest(({ request }) => {
      // The router would take `//api/user` for `/api/user`; only the exact spelling reaches the API.
      const { pathname } = new URL(request.url);
      if (looksLikeApiPath(pathname) && !isExactApiPath(pathname)) return errorJson(404, "Not found.");
    })
    .onError(({ error, code, request }) => {
      if (error instanceof HttpError) return httpErrorResponse(error);
      if (code === "PARSE") return errorJson(400, "The request body is not valid JSON.");
      if (code === "VALIDATION") return errorJson(400, "The request is not valid.");
      if (code === "NOT_FOUND") return errorJson(404, "Not found.");
      if (error instanceof MissingMediaError) {
        console.error(error.message);
        return errorJson(500, MEDIA_MISSING_MESSAGE);
      }
      watch.database.failed(error);
      return serverErrorResponse(error, request);
    })
    // Each feature's routes are a function of this app that adds them to it: a plugin instance of its own (new
    // Elysia()) would have every route added twice, in it and again here (~2 ms of every start; BENCHMARKS.md).
    .use(healthRoutes(ctx))
    .use(usersRoutes(ctx))
    .use(passwordRoutes(ctx))
    .use(rightsRoutes(ctx))
    .use(retentionRoutes(ctx))
    .use(evidenceRoutes(ctx))
    .use(tusRoutes(ctx))
    .use(deskRoutes(ctx))
    .use(redactionRoutes(ctx, () => watch.redactions?.nudge()))
    .use(mediaRoutes(ctx))
    .use(exportRoutes(ctx))
    .use(resetRoutes(ctx))
    .use(auditRoutes(ctx))
    .use(eventsRoutes(ctx))
    .use(showRoutes(ctx))
    .use(warningsRoutes(ctx))
    .use(i18nRoutes(ctx))
    .use(serverStatusRoutes(ctx, watch))
    .use(setupRoutes(ctx))
    .use(editionRoutes(ctx))
    .use(brandRoutes(ctx, assets))
    .use(webRoutes(assets, () => archivePreloadLinks(ctx.db)));
}
