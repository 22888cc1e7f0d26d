import { Elysia } from "elysia";
import { auditStatement } from "../audit/audit-record";
import { assertInvestigationOpen, isAdmin, requireAdmin, requireUser } from "../auth/guard";
import { limitAddressHit, LIMITS } from "../auth/rate-limit";
import { createSession, endAllSessions, endSession, SESSION_DAYS } from "../auth/sessions.service";
import type { AppContext } from "../context";
import { clearedSessionCookie, LOGIN_DEVICE_COOKIE, loginDeviceCookie, readCookie, SESSION_COOKIE, sessionCookie } from "../http/cookies";
import { ARCHIVE_CLOSED_MESSAGE, archiveClosed, badRequest, conflict, forbidden, HttpError, json, notFound } from "../http/errors";
import { asRecord, parseId, stringField } from "../http/input";
import { isSecureRequest } from "../http/request-info";
import { readMultipartWithinDisk } from "../media/disk-guard";
import { fieldsOnly } from "../media/multipart";
import { stallGuard } from "../uploads/stall-guard";
import { NO_ACTIVITY, participantActivity } from "../desk/participants.service";
import { readConsent } from "../rights/consent";
import { eraseAccount } from "../rights/erase-account";
import { DEVICE_DAYS, forgetDevices, rememberDevice } from "./login-devices";
import { logIn } from "./login.service";
import { participantJson, userJson } from "./user-json";
import {
  adminEditUser,
  findUserById,
  listUsers,
  registerUser,
  setVideoWatched,
  takenFields,
  takenMessage,
  updateProfile,
} from "./users.service";
import { isPlainEmail, isValidUsername, normalizeUsername } from "../config/identity-rules";
import { MESSAGES, readAdminUserEdit, readProfileEdit, readRegistration } from "./validation";
import { sizeText } from "../http/size-text";

const PHOTO_LIMIT_BYTES = 25 * 1024 * 1024;

export function usersRoutes(ctx: AppContext) {
  const secureCookie = (request: Request) => isSecureRequest(request, ctx.config);
  const photoLimits = (what: string) => ({
    files: { [what]: { maxBytes: PHOTO_LIMIT_BYTES, tooLargeMessage: `Photos can be at most ${sizeText(PHOTO_LIMIT_BYTES)}.` } },
    maxFieldBytes: 16 * 1024,
    ...stallGuard(ctx.config),
  });
  /** Archive mode: an admin may still edit their profile's text, but a new photo is refused like any upload. */
  const profileLimits = () => (ctx.config.archiveMode ? fieldsOnly(photoLimits("file"), archiveClosed) : photoLimits("file"));

  return (app: Elysia) => app
    .post("/api/user/login", async ({ body, request }) => {
      const input = asRecord(body);
      const identifier = (stringField(input, "usernameOrEmail") || stringField(input, "username")).trim();
      const password = stringField(input, "password");
      const deviceToken = readCookie(request, LOGIN_DEVICE_COOKIE);
      // In archive mode participants still log in: to download their data, withdraw items and delete their account
      // (rights that matter most once the archive is public); every route that adds or edits refuses them there.
      const { user, device } = await logIn(ctx, identifier, password, request, deviceToken);

      // A fresh session id at every login (no fixation); any old one of this browser ends.
      const previous = readCookie(request, SESSION_COOKIE);
      if (previous) await endSession(ctx.db, previous);
      const token = await createSession(ctx.db, user.id);
      const deviceCookie = await rememberDevice(ctx.db, user.id, device && deviceToken);
      const response = json(userJson(user), 200, {
        "set-cookie": sessionCookie(token, SESSION_DAYS * 24 * 60 * 60, secureCookie(request)),
      });
      response.headers.append("set-cookie", loginDeviceCookie(deviceCookie, DEVICE_DAYS * 24 * 60 * 60, secureCookie(request)));
      return response;
    })

    .get("/api/user", async ({ request }) => userJson(await requireUser(ctx, request, { temporaryAllowed: true })))

    .post("/api/user/logout", async ({ request }) => {
      const token = readCookie(request, SESSION_COOKIE);
      if (token) await endSession(ctx.db, token);
      return json({ ok: true }, 200, { "set-cookie": clearedSessionCookie(secureCookie(request)) });
    })

    // "Log out everywhere": a lost phone or a shared computer keeps no session of this account.
    .post("/api/user/logout-all", async ({ request }) => {
      const user = await requireUser(ctx, request);
      await endAllSessions(ctx.db, user.id);
      await forgetDevices(ctx.db, user.id);
      return json({ ok: true }, 200, { "set-cookie": clearedSessionCookie(secureCookie(request)) });
    })

    .post("/api/user/:id/logout-all", async ({ params, request }) => {
      const admin = await requireAdmin(ctx, request);
      const id = parseId(params.id);
      if (!(await findUserById(ctx.db, id))) throw notFound("No such user.");
      await endAllSessions(ctx.db, id, auditStatement(ctx.db, { actor: admin, action: "user.logout-all", targetType: "user", targetId: id, detail: {} }));
      return { ok: true };
    })

    .post(
      "/api/user/register",
      async ({ request }) => {
        assertInvestigationOpen(ctx);
        await limitAddressHit(ctx.db, ctx.config, request, "register", LIMITS.registerPerAddress);
        const upload = await readMultipartWithinDisk(ctx, request, photoLimits("verification_photo"));
        try {
          const fields = readRegistration(upload.fields);
          // The web app sends the notice version the participant accepted; the original client sends none.
          const consent = await readConsent(ctx, upload.fields.privacy_consent);
          const photo = upload.files.verification_photo;
          if (!photo) throw badRequest(MESSAGES.photoMissing);
          const user = await registerUser(ctx, { ...fields, consent }, photo);
          return json(userJson(user), 201);
        } finally {
          await upload.cleanup();
        }
      },
      { parse: "none" },
    )

    // The original client shows this answer's message under the username field, and registers only when `exists` is
    // false: whatever stops a registration (archive mode, a busy network) is said here, as a message, with a 200 (the
    // original client shows nothing for an error status, and its Register button then silently did nothing).
    .post("/api/user/check", async ({ body, request }) => {
      if (ctx.config.archiveMode) return { exists: true, message: ARCHIVE_CLOSED_MESSAGE };
      const busy = await limitAddressHit(ctx.db, ctx.config, request, "check", LIMITS.checkPerAddress).then(
        () => undefined,
        (error) => (error instanceof HttpError && error.status === 429 ? error.message : Promise.reject(error)),
      );
      if (busy) return { exists: true, message: busy };
      const input = asRecord(body);
      const username = normalizeUsername(stringField(input, "username").trim());
      const email = stringField(input, "email").trim();
      // The original client registers only when this says no: a name or address the server would refuse says so here.
      if (!isValidUsername(username)) return { exists: true, message: MESSAGES.invalidUsername };
      if (email && !isPlainEmail(email)) return { exists: true, message: MESSAGES.invalidEmail };
      const message = takenMessage(await takenFields(ctx.db, username, email));
      return { exists: message !== "", message };
    })

    .put(
      "/api/evidence/user",
      async ({ request }) => {
        const user = await requireUser(ctx, request);
        assertInvestigationOpen(ctx, user);
        const upload = await readMultipartWithinDisk(ctx, request, profileLimits());
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
      assertInvestigationOpen(ctx, user); // no briefing once the show is over
      const id = parseId(params.id);
      if (user.id !== id && !isAdmin(user)) throw forbidden();
      return userJson(await setVideoWatched(ctx.db, id));
    })

    .get("/api/user/users", async ({ request }) => {
      await requireAdmin(ctx, request);
      const [list, activity] = await Promise.all([listUsers(ctx.db), participantActivity(ctx.db)]);
      return list.map((user) => participantJson(user, activity.get(user.id) ?? NO_ACTIVITY));
    })

    .put("/api/user/admin/:id", async ({ params, body, request }) => {
      const admin = await requireAdmin(ctx, request);
      const id = parseId(params.id);
      const fields = readAdminUserEdit(asRecord(body));
      return userJson(await adminEditUser(ctx.db, id, fields, admin));
    })

    .delete("/api/user/:id", async ({ params, request }) => {
      const admin = await requireAdmin(ctx, request);
      const id = parseId(params.id);
      if (admin.id === id) throw conflict("You cannot delete your own account.");
      return { ok: true, deleted: await eraseAccount(ctx, id, admin, "admin") };
    });
}

