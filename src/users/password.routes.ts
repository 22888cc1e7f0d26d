/** Passwords without mail (docs/operating.md): an admin's temporary password for a participant, and choosing one's own. */
import { Elysia } from "elysia";
import { requireAdmin, requireUser } from "../auth/guard";
import type { AppContext } from "../context";
import { readCookie, SESSION_COOKIE } from "../http/cookies";
import { conflict, json, notFound } from "../http/errors";
import { asRecord, parseId, stringField } from "../http/input";
import { userJson } from "./user-json";
import { findUserById } from "./users.service";
import { chooseOwnPassword, issueTemporaryPassword } from "./temporary-password";

export function passwordRoutes(ctx: AppContext) {
  return (app: Elysia) => app
    .post("/api/user/:id/temporary-password", async ({ params, request }) => {
      const admin = await requireAdmin(ctx, request);
      const user = await findUserById(ctx.db, parseId(params.id));
      if (!user) throw notFound("No such user.");
      // It would end the admin's own session too; their own password is changed with the current one.
      if (user.id === admin.id) throw conflict("This is your own account: change your password with your current one instead.");
      const { password, expiresAt } = await issueTemporaryPassword(ctx, admin, user);
      // Shown once: nothing keeps it (the database holds its hash only).
      return json({ temporary_password: password, expires_at: expiresAt }, 200, { "cache-control": "no-store" });
    })

    .put("/api/user/password", async ({ body, request }) => {
      const user = await requireUser(ctx, request, { temporaryAllowed: true });
      const input = asRecord(body);
      await chooseOwnPassword(ctx, user, readCookie(request, SESSION_COOKIE)!, stringField(input, "password"), stringField(input, "current_password"));
      return userJson((await findUserById(ctx.db, user.id))!);
    });
}
