/**
 * A participant locked out at the venue (no mail, a forgotten password) gets back in through an admin: a temporary
 * password, shown once, that logs in for TEMPORARY_PASSWORD_HOURS and only to choose their own.
 */
import { and, eq, ne } from "drizzle-orm";
import { auditStatement } from "../audit/audit-record";
import { mustChangePassword } from "../auth/guard";
import { hashPassword, sha256Hex, verifyPassword } from "../auth/passwords";
import { endAllSessions } from "../auth/sessions.service";
import type { AppContext } from "../context";
import { sessions } from "../db/sessions";
import { users, type UserRow } from "../db/users";
import { badRequest, errorMessages, forbidden } from "../http/errors";
import { setPassword } from "./users.service";
import { checkPassword } from "./validation";

/** Long enough to reach the participant (a day at a venue), short enough that a note left lying about goes stale. */
export const TEMPORARY_PASSWORD_HOURS = 24;

export const TEMPORARY_MESSAGES = errorMessages("password", {
  sameAsTemporary: "Choose a password of your own, not the temporary one.",
  currentWrong: "The current password is not correct.",
});

/** Letters and digits nobody misreads when it is read out or copied from a screen (no 0/o, 1/l/i). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** 12 characters (about 59 bits) in groups of four: "k7wd-m2qa-x9pe". Rejection sampling keeps every letter equally likely. */
export function newTemporaryPassword(): string {
  const chars: string[] = [];
  while (chars.length < 12) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < 248 && chars.length < 12) chars.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return [0, 4, 8].map((start) => chars.slice(start, start + 4).join("")).join("-");
}

/**
 * Replaces the account's password with a fresh temporary one and ends every session of the account, with the audit
 * entry (which never holds the password), in one transaction.
 */
export async function issueTemporaryPassword(ctx: AppContext, admin: UserRow, user: UserRow, now = Date.now()) {
  const password = newTemporaryPassword();
  const until = now + TEMPORARY_PASSWORD_HOURS * 60 * 60 * 1000;
  const expiresAt = new Date(until).toISOString();
  await endAllSessions(
    ctx.db,
    user.id,
    ctx.db.update(users).set({ passwordHash: await hashPassword(password), temporaryPasswordUntil: until }).where(eq(users.id, user.id)),
    auditStatement(ctx.db, { actor: admin, action: "user.temporary-password", targetType: "user", targetId: user.id, detail: { expires_at: expiresAt } }),
  );
  return { password, expiresAt };
}

/**
 * The account's own password: on a temporary password the new one alone (they just proved the temporary one at
 * login); otherwise with the current one. Every other session of the account ends; this one stays.
 */
export async function chooseOwnPassword(ctx: AppContext, user: UserRow, sessionToken: string, password: string, current: string) {
  checkPassword(password);
  if (mustChangePassword(user)) {
    if (await verifyPassword(password, user.passwordHash)) throw badRequest(TEMPORARY_MESSAGES.sameAsTemporary);
  } else if (!(await verifyPassword(current, user.passwordHash))) throw forbidden(TEMPORARY_MESSAGES.currentWrong);
  await setPassword(ctx.db, user.id, password);
  await ctx.db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.idHash, sha256Hex(sessionToken))));
}
