import { Elysia } from "elysia";
import { sealAuditLog } from "../audit/audit-chain";
import { auditStatement } from "../audit/audit-record";
import { isAdmin, requireAdmin, requireUser } from "../auth/guard";
import { limitHit, LIMITS } from "../auth/rate-limit";
import type { AppContext } from "../context";
import { evidenceJson } from "../evidence/evidence-json";
import { findManageable, withOwnMedia } from "../evidence/evidence-queries";
import { clearedSessionCookie } from "../http/cookies";
import { badRequest, conflict, forbidden, json, notFound } from "../http/errors";
import { asRecord, parseId, stringField } from "../http/input";
import { isCrossSite, isSecureRequest } from "../http/request-info";
import { userJson } from "../users/user-json";
import { findUserById, passwordMatches } from "../users/users.service";
import { readConsent, recordConsent } from "./consent";
import { eraseAccount } from "./erase-account";
import { myDataZip } from "./my-data";
import { withdrawItem } from "./withdraw";

/**
 * A participant's rights over their data: download it all, delete the account, withdraw an item from the archive.
 * None waits for the investigation to be open: these matter most after the show. Admins do each on a participant's
 * behalf (GET /api/user/:id/data, DELETE /api/user/:id in users.routes, the same withdraw route), audited.
 */
export function rightsRoutes(ctx: AppContext) {
  const zipResponse = async (user: Parameters<typeof myDataZip>[1]) => {
    const { stream } = await myDataZip(ctx, user);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(stream, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="casefile-my-data-${day}.zip"`,
        "cache-control": "no-store",
      },
    });
  };

  return (app: Elysia) => app
    .get("/api/user/data", async ({ request }) => zipResponse(await requireUser(ctx, request)))

    .get("/api/user/:id/data", async ({ params, request }) => {
      const admin = await requireAdmin(ctx, request);
      // A GET that writes an audit entry: a link on another site must not make an admin's browser write it.
      if (isCrossSite(request)) throw forbidden("Download a participant's data from the participant's dialog in the console.");
      const user = await findUserById(ctx.db, parseId(params.id));
      if (!user) throw notFound("No such user.");
      await auditStatement(ctx.db, { actor: admin, action: "user.data-export", targetType: "user", targetId: user.id, detail: {} });
      await sealAuditLog(ctx.db); // a GET: the server seals after writes only
      return zipResponse(user);
    })

    .delete("/api/user", async ({ body, request }) => {
      const user = await requireUser(ctx, request);
      if (isAdmin(user)) throw conflict("An admin account cannot delete itself; make it a participant first (casefile set-role <name> 1).");
      // The password proves it is the participant, not someone at their unlocked phone; guesses count as logins do.
      await limitHit(ctx.db, `login:user:${user.id}`, LIMITS.loginPerAccount);
      // 403, not 401: the session is fine (a 401 would make the web app forget the signed-in user).
      if (!(await passwordMatches(user, stringField(asRecord(body), "password")))) throw forbidden("The password is not correct.");
      const report = await eraseAccount(ctx, user.id, user, "self");
      return json({ ok: true, deleted: report }, 200, { "set-cookie": clearedSessionCookie(isSecureRequest(request, ctx.config)) });
    })

    // Consent again after the notice changed (the web app asks at the next visit).
    .put("/api/user/consent", async ({ body, request }) => {
      const user = await requireUser(ctx, request);
      const consent = await readConsent(ctx, asRecord(body).privacy_consent);
      if (!consent) throw badRequest("privacy_consent must be the version of the privacy notice you accepted.");
      return userJson(await recordConsent(ctx.db, user, consent));
    })

    .put("/api/evidence/withdraw/:id", async ({ params, request }) => {
      const user = await requireUser(ctx, request);
      const item = await findManageable(ctx.db, parseId(params.id), { id: user.id, admin: isAdmin(user) });
      const withdrawn = await withdrawItem(ctx.db, item, user);
      const withdrawerName = withdrawn.withdrawnBy === user.id ? user.username : (await findUserById(ctx.db, withdrawn.withdrawnBy ?? 0))?.username;
      return evidenceJson({ ...(await withOwnMedia(ctx.db, withdrawn)), withdrawerName });
    });
}
