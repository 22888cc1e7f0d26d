import { Elysia } from "elysia";
import { assertInvestigationOpen, isAdmin, requireAdmin, requireUser } from "../auth/guard";
import { LIMITS } from "../auth/rate-limit";
import { createSession, endAllSessions, endSession, SESSION_DAYS } from "../auth/sessions.service";
import type { AppContext } from "../context";
import { clearedSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from "../http/cookies";
import { archiveClosed, badRequest, conflict, forbidden, json, notFound, tooManyRequests, unauthorized } from "../http/errors";
import { asRecord, parseId, stringField } from "../http/input";
import { clientAddress, isSecureRequest } from "../http/request-info";
import { fieldsOnly, readMultipart } from "../media/multipart";
import { userJson } from "./user-json";
import {
  adminEditUser,
  checkCredentials,
  deleteUser,
  findUserById,
  listUsers,
  registerUser,
  setVideoWatched,
  takenFields,
  updateProfile,
} from "./users.service";
import { MESSAGES, readAdminUserEdit, readProfileEdit, readRegistration } from "./validation";

export const LOGIN_MESSAGES = {
  missing: "Enter your username and password!",
  mismatch: "Oops! The username and password didn't match. Try again!",
};

const PHOTO_LIMIT_MB = 25;

export function usersRoutes(ctx: AppContext) {
  const secureCookie = (request: Request) => isSecureRequest(request, ctx.config);
  const photoLimits = (what: string) => ({
    files: { [what]: { maxBytes: PHOTO_LIMIT_MB * 1024 * 1024, tooLargeMessage: `Photos can be at most ${PHOTO_LIMIT_MB} MB.` } },
    maxFieldBytes: 16 * 1024,
    stallMs: ctx.config.uploadStallMs,
  });
  /** Archive mode: an admin may still edit their profile's text, but a new photo is refused like any upload. */
  const profileLimits = () => (ctx.config.archiveMode ? fieldsOnly(photoLimits("file"), archiveClosed) : photoLimits("file"));

  return new Elysia({ name: "users" })
    .post("/api/user/login", async ({ body, request }) => {
      const input = asRecord(body);
      const identifier = (stringField(input, "usernameOrEmail") || stringField(input, "username")).trim();
      const password = stringField(input, "password");
      if (!identifier || !password) throw badRequest(LOGIN_MESSAGES.missing);

      const accountKey = `login:account:${identifier.toLowerCase()}`;
      const addressKey = `login:address:${clientAddress(request, ctx.config)}`;
      if (ctx.limiter.blocked(accountKey, LIMITS.loginFailuresPerAccount)) throw tooManyRequests();
      if (!ctx.limiter.hit(addressKey, LIMITS.loginPerAddress)) throw tooManyRequests();

      const user = await checkCredentials(ctx.db, identifier, password);
      if (!user) {
        ctx.limiter.hit(accountKey, LIMITS.loginFailuresPerAccount);
        throw unauthorized(LOGIN_MESSAGES.mismatch);
      }
      assertInvestigationOpen(ctx, user);
      ctx.limiter.reset(accountKey);

      // A fresh session id at every login (no fixation); any old one of this browser ends.
      const previous = readCookie(request, SESSION_COOKIE);
      if (previous) await endSession(ctx.db, previous);
      const token = await createSession(ctx.db, user.id);
      return json(userJson(user), 200, {
        "set-cookie": sessionCookie(token, SESSION_DAYS * 24 * 60 * 60, secureCookie(request)),
      });
    })

    .get("/api/user", async ({ request }) => userJson(await requireUser(ctx, request)))

    .post("/api/user/logout", async ({ request }) => {
      const token = readCookie(request, SESSION_COOKIE);
      if (token) await endSession(ctx.db, token);
      return json({ ok: true }, 200, { "set-cookie": clearedSessionCookie(secureCookie(request)) });
    })

    // "Log out everywhere": a lost phone or a shared computer keeps no session of this account.
    .post("/api/user/logout-all", async ({ request }) => {
      const user = await requireUser(ctx, request);
      await endAllSessions(ctx.db, user.id);
      return json({ ok: true }, 200, { "set-cookie": clearedSessionCookie(secureCookie(request)) });
    })

    .post("/api/user/:id/logout-all", async ({ params, request }) => {
      await requireAdmin(ctx, request);
      const id = parseId(params.id);
      if (!(await findUserById(ctx.db, id))) throw notFound("No such user.");
      await endAllSessions(ctx.db, id);
      return { ok: true };
    })

    .post(
      "/api/user/register",
      async ({ request }) => {
        assertInvestigationOpen(ctx);
        if (!ctx.limiter.hit(`register:address:${clientAddress(request, ctx.config)}`, LIMITS.registerPerAddress)) {
          throw tooManyRequests();
        }
        const upload = await readMultipart(request, ctx.store.tempDir, photoLimits("verification_photo"));
        try {
          const fields = readRegistration(upload.fields);
          const photo = upload.files.verification_photo;
          if (!photo) throw badRequest(MESSAGES.photoMissing);
          const user = await registerUser(ctx, fields, photo);
          return json(userJson(user), 201);
        } finally {
          await upload.cleanup();
        }
      },
      { parse: "none" },
    )

    .post("/api/user/check", async ({ body, request }) => {
      if (!ctx.limiter.hit(`check:address:${clientAddress(request, ctx.config)}`, LIMITS.checkPerAddress)) {
        throw tooManyRequests();
      }
      const input = asRecord(body);
      const taken = await takenFields(ctx.db, stringField(input, "username").trim(), stringField(input, "email").trim());
      const message = taken.usernameTaken ? MESSAGES.usernameTaken : taken.emailTaken ? MESSAGES.emailTaken : "";
      return { exists: taken.usernameTaken || taken.emailTaken, message };
    })

    .put(
      "/api/evidence/user",
      async ({ request }) => {
        const user = await requireUser(ctx, request);
        assertInvestigationOpen(ctx, user);
        const upload = await readMultipart(request, ctx.store.tempDir, profileLimits());
        try {
          const fields = readProfileEdit({ full_name: user.fullName, ...upload.fields });
          const updated = await updateProfile(ctx, user, fields, upload.files.file);
          return userJson(updated);
        } finally {
          await upload.cleanup();
        }
      },
      { parse: "none" },
    )

    .put("/api/user/watched/:id", async ({ params, request }) => {
      const user = await requireUser(ctx, request);
      const id = parseId(params.id);
      if (user.id !== id && !isAdmin(user)) throw forbidden();
      return userJson(await setVideoWatched(ctx.db, id));
    })

    .get("/api/user/users", async ({ request }) => {
      await requireAdmin(ctx, request);
      return (await listUsers(ctx.db)).map(userJson);
    })

    .put("/api/user/admin/:id", async ({ params, body, request }) => {
      await requireAdmin(ctx, request);
      const id = parseId(params.id);
      const fields = readAdminUserEdit(asRecord(body));
      return userJson(await adminEditUser(ctx.db, id, fields));
    })

    .delete("/api/user/:id", async ({ params, request }) => {
      const admin = await requireAdmin(ctx, request);
      const id = parseId(params.id);
      if (admin.id === id) throw conflict("You cannot delete your own account.");
      await deleteUser(ctx, id);
      return { ok: true };
    });
}

