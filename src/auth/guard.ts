import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import { readCookie, SESSION_COOKIE } from "../http/cookies";
import { archiveClosed, errorMessages, forbidden, HttpError, unauthorized } from "../http/errors";
import { userForSession } from "./sessions.service";

export const ROLE_USER = 1;
export const ROLE_ADMIN = 2;

export const isAdmin = (user: Pick<UserRow, "role">) => user.role === ROLE_ADMIN;

export const PASSWORD_MESSAGES = errorMessages("password", {
  changeRequired: "Choose a new password first: the one you logged in with is temporary.",
});

/** The account logs in with a temporary password an admin made (src/users/temporary-password.ts). */
export const mustChangePassword = (user: Pick<UserRow, "temporaryPasswordUntil">) => user.temporaryPasswordUntil !== null;

/** The temporary password's time is up: it no longer logs in, and sessions opened with it end. */
export const temporaryExpired = (user: Pick<UserRow, "temporaryPasswordUntil">, now = Date.now()) =>
  user.temporaryPasswordUntil !== null && user.temporaryPasswordUntil <= now;

/** The session's user; a session opened with a temporary password ends when that password expires. */
async function sessionUser(ctx: AppContext, request: Request): Promise<UserRow | undefined> {
  const token = readCookie(request, SESSION_COOKIE);
  const user = token ? await userForSession(ctx.db, token) : undefined;
  return user && !temporaryExpired(user) ? user : undefined;
}

/** Who is asking, where logging in is optional: one who must still choose a password sees what anyone sees. */
export async function currentUser(ctx: AppContext, request: Request): Promise<UserRow | undefined> {
  const user = await sessionUser(ctx, request);
  return user && !mustChangePassword(user) ? user : undefined;
}

/**
 * The logged-in user, or 401. One on a temporary password gets 403 `password.changeRequired` everywhere but where
 * `temporaryAllowed` says (reading their account, choosing the new password): the one thing they can do is that.
 */
export async function requireUser(ctx: AppContext, request: Request, { temporaryAllowed = false } = {}): Promise<UserRow> {
  const user = await sessionUser(ctx, request);
  if (!user) throw unauthorized();
  if (!temporaryAllowed && mustChangePassword(user)) throw new HttpError(403, PASSWORD_MESSAGES.changeRequired);
  return user;
}

export async function requireAdmin(ctx: AppContext, request: Request): Promise<UserRow> {
  const user = await requireUser(ctx, request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}

/**
 * In archive mode the investigation is closed: only admins may still change things. Participants may still log in and
 * use their rights (src/rights: their data, withdrawals, deleting the account), which never call this.
 */
export function assertInvestigationOpen(ctx: AppContext, user?: Pick<UserRow, "role">): void {
  if (ctx.config.archiveMode && !(user && isAdmin(user))) throw archiveClosed();
}

/** In archive mode nothing new is stored, whoever asks: admins only take items down, edit text and change visibility. */
export function assertUploadsOpen(ctx: AppContext): void {
  if (ctx.config.archiveMode) throw archiveClosed();
}
