import { sql } from "drizzle-orm";
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { json } from "../http/errors";
import { BRAND_LANDING_PATH, BRAND_LOGO_PATH } from "../web/brand.routes";

/** Liveness for Docker's HEALTHCHECK and load balancers, plus the settings the browser app needs at start. */
export function healthRoutes(ctx: AppContext) {
  return new Elysia({ name: "health" })
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
    .get("/api/config", () => ({
      projectName: ctx.config.projectName,
      spyUrl: ctx.config.spyUrl,
      archiveMode: ctx.config.archiveMode,
      maxUploadBytes: ctx.config.maxUploadBytes,
      // The address participants use (PUBLIC_URL), for the printable invitation; null: the one the browser is on.
      publicUrl: ctx.config.publicUrl ?? null,
      accentColor: ctx.config.branding.accentColor,
      onAccent: ctx.config.branding.onAccent,
      accentStrong: ctx.config.branding.accentStrong,
      logoUrl: BRAND_LOGO_PATH,
      landingImageUrl: BRAND_LANDING_PATH,
      archiveIntro: ctx.config.branding.archiveIntro,
    }));
}
