import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { conflict } from "../http/errors";
import { asRecord } from "../http/input";
import { retentionPlan, runRetention, type RetentionCounts } from "./retention";

const COUNT_NAMES: (keyof RetentionCounts)[] = ["photos", "phones", "emails", "items"];

/**
 * Admins: what the retention purge removes next and when (GET), and running it now (POST) with the counts the
 * confirmation showed: when they changed meanwhile the run is refused (409), so nothing goes that was not stated.
 */
export function retentionRoutes(ctx: AppContext) {
  return (app: Elysia) => app
    .get("/api/retention", async ({ request }) => {
      await requireAdmin(ctx, request);
      return retentionPlan(ctx);
    })
    .post("/api/retention/run", async ({ body, request }) => {
      const admin = await requireAdmin(ctx, request);
      const confirmed = asRecord(asRecord(body).counts);
      const { counts } = await retentionPlan(ctx);
      if (COUNT_NAMES.some((name) => confirmed[name] !== counts[name])) {
        throw conflict(`What is due changed since you confirmed it: now ${counts.photos} verification photos, ${counts.phones} phone numbers, ${counts.emails} e-mail addresses and ${counts.items} unpublished items. Confirm again.`);
      }
      const run = await runRetention(ctx, { early: true, actor: admin });
      if (!run.ran) throw conflict(run.reason);
      return { ...run, plan: await retentionPlan(ctx) };
    });
}
