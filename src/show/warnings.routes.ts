/** The set-up checklist (docs/show-api.md): its rows, an admin's acknowledgement of one, and the test mail. */
import { Elysia } from "elysia";
import { requireAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import { badRequest, json, notFound } from "../http/errors";
import { asRecord } from "../http/input";
import { currentShow } from "./show.service";
import { acknowledgeWarning, sendTestMail } from "./warnings.service";
import { showWarnings, WARNING_CODES } from "./warnings";

export function warningsRoutes(ctx: AppContext) {
  const answer = async () => ({ warnings: await showWarnings(ctx, await currentShow(ctx)) });

  return (app: Elysia) => app
    .get("/api/show/warnings", async ({ request }) => {
      await requireAdmin(ctx, request);
      return answer();
    })

    .put("/api/show/warnings/:code/acknowledged", async ({ request, params, body }) => {
      const admin = await requireAdmin(ctx, request);
      if (!WARNING_CODES.includes(params.code)) throw notFound("No such item on the checklist.");
      const acknowledged = asRecord(body).acknowledged;
      if (typeof acknowledged !== "boolean") throw badRequest("acknowledged must be true or false.");
      await acknowledgeWarning(ctx, admin, params.code, acknowledged);
      return answer();
    })

    .post("/api/show/warnings/test-mail", async ({ request }) => {
      const admin = await requireAdmin(ctx, request);
      const sent = await sendTestMail(ctx, admin);
      if (!sent.ok) return json({ message: sent.message, code: "mail.test_failed", params: { error: sent.error } }, 502);
      return { sent: true, to: admin.email, ...(await answer()) };
    });
}
