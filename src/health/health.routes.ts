import { sql } from "drizzle-orm";
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { json } from "../http/errors";
import { oneLine } from "../http/server-errors";
import { volumes } from "../server-status/disk";
import { showJson } from "../show/show-json";
import { currentShow } from "../show/show.service";
import { BRAND_LANDING_PATH, BRAND_LOGO_PATH } from "../web/brand.routes";

/** Below this a volume takes no more writes worth the name: a database page, an upload's first piece. */
const WRITABLE_BYTES = 1024 * 1024;

/** What keeps this instance from working: a database it cannot reach, a store it cannot write, a full disk. */
async function healthProblems(ctx: AppContext): Promise<string[]> {
  const problems: string[] = [];
  await ctx.db.run(sql`select 1`).catch((error: Error) => problems.push(`the database cannot be reached: ${oneLine(error)}`));
  await ctx.store.check().catch((error: Error) => problems.push(`the media store cannot be written: ${oneLine(error)}`));
  const disks = await volumes(ctx).catch(() => undefined);
  if (disks?.database && disks.database.freeBytes < WRITABLE_BYTES) problems.push(`the database's disk (${disks.database.path}) is full: writes fail`);
  if (disks && ctx.config.mediaStore === "local" && disks.media.freeBytes < WRITABLE_BYTES) problems.push(`the media disk (${disks.media.path}) is full: uploads fail`);
  return problems;
}

/** Liveness for Docker's HEALTHCHECK and load balancers, plus the settings the browser app needs at start. */
export function healthRoutes(ctx: AppContext) {
  return (app: Elysia) => app
    .get("/healthz", async () => {
      const problems = await healthProblems(ctx);
      if (problems.length === 0) return json({ ok: true });
      console.error(`health check failed: ${problems.join("; ")}`);
      return json({ ok: false, problems }, 503);
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
