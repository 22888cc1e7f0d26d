import type { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { json } from "../http/errors";
import { parseId } from "../http/input";
import { readSmallJson } from "../http/json-body";
import { readRedactionPlan } from "./redaction-plan";
import { checkPlanFits, putRedaction, redactableItem, redactionsJson, readVerification, verifyRedaction } from "./redaction.service";

/**
 * The redaction studio's API (docs/redaction.md), admins only; the session is checked before any body is read.
 * `nudge` wakes this instance's redaction runner so a new version's job starts at once.
 */
export function redactionRoutes(ctx: AppContext, nudge: () => void = () => {}) {
  const bodyReadAfterAuth = { parse: "none" as const };
  return (app: Elysia) =>
    app
      .get("/api/evidence/:id/redactions", async ({ params, request }) => {
        await requireAdmin(ctx, request);
        return redactionsJson(ctx.db, await redactableItem(ctx.db, parseId(params.id)));
      })
      .put(
        "/api/evidence/:id/redactions",
        async ({ params, request }) => {
          const admin = await requireAdmin(ctx, request);
          const item = await redactableItem(ctx.db, parseId(params.id));
          const plan = readRedactionPlan(await readSmallJson(request));
          checkPlanFits(item, plan);
          await putRedaction(ctx.db, item, plan, admin);
          nudge();
          return json(await redactionsJson(ctx.db, item), 202);
        },
        bodyReadAfterAuth,
      )
      .post(
        "/api/evidence/:id/redactions/:version/verification",
        async ({ params, request }) => {
          const admin = await requireAdmin(ctx, request);
          const item = await redactableItem(ctx.db, parseId(params.id));
          const version = parseId(params.version);
          await verifyRedaction(ctx.db, item, version, readVerification(await readSmallJson(request)), admin);
          return redactionsJson(ctx.db, item);
        },
        bodyReadAfterAuth,
      );
}
