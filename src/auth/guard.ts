import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import { readCookie, SESSION_COOKIE } from "../http/cookies";
import { archiveClosed, forbidden, unauthorized } from "../http/errors";
import { userForSession } from "./sessions.service";

export const ROLE_USER = 1;
export const ROLE_ADMIN = 2;

export const isAdmin = (user: Pick<UserRow, "role">) => user.role === ROLE_ADMIN;

export async function currentUser(ctx: AppContext, request: Request): Promise<UserRow | undefined> {
  const token = readCookie(request, SESSION_COOKIE);
  return token ? userForSession(ctx.db, token) : undefined;
}

export async function requireUser(ctx: AppContext, request: Request): Promise<UserRow> {
  const user = await currentUser(ctx, request);
  if (!user) throw unauthorized();
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
