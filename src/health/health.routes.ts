import { sql } from "drizzle-orm";
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { json } from "../http/errors";
import { showJson } from "../show/show-json";
import { currentShow } from "../show/show.service";
import { BRAND_LANDING_PATH, BRAND_LOGO_PATH } from "../web/brand.routes";

/** Liveness for Docker's HEALTHCHECK and load balancers, plus the settings the browser app needs at start. */
export function healthRoutes(ctx: AppContext) {
  return (app: Elysia) => app
    .get("/healthz", async () => {
      try {
        await ctx.db.run(sql`select 1`);
        await ctx.store.check();
        return json({ ok: true });
      } catch (error) {
        console.error("health check failed:", (error as Error).message);
        return json({ ok: false }, 503);
      }
    })
    .get("/api/config", async () => {
      const show = showJson(await currentShow(ctx));
      return {
        projectName: show.project_name,
        spyUrl: show.spy_url,
        archiveMode: ctx.config.archiveMode,
        // Without SMTP_URL no reset code reaches anyone: the reset screen says to ask the organisers instead.
        mailConfigured: Boolean(ctx.config.smtpUrl),
        maxUploadBytes: ctx.config.maxUploadBytes,
        // The address participants use (PUBLIC_URL), for the printable invitation; null: the one the browser is on.
        publicUrl: ctx.config.publicUrl ?? null,
        accentColor: show.accent_color,
        onAccent: show.on_accent,
        accentStrong: show.accent_strong,
        logoUrl: BRAND_LOGO_PATH,
        landingImageUrl: BRAND_LANDING_PATH,
        archiveIntro: show.archive_intro,
        // Grows with every change of the show (GET /api/show has the rest).
        showVersion: show.version,
      };
    });
}
