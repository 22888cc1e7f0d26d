import { sha256Hex } from "../auth/passwords";
import { clearHits, countHit, limitAddressHit, LIMITS } from "../auth/rate-limit";
import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import { badRequest, errorMessages, tooManyRequests, unauthorized } from "../http/errors";
import { identityKey } from "./identity-key";
import { knownDevice } from "./login-devices";
import { temporaryExpired } from "../auth/guard";
import { findUserByLogin, passwordMatches } from "./users.service";

export const LOGIN_MESSAGES = errorMessages("login", {
  missing: "Enter your username and password!",
  mismatch: "Oops! The username and password didn't match. Try again!",
  paused: "Too many wrong passwords for this account. Please wait 15 minutes and try again, or reset your password.",
});

/** No username (≤ 32) or email (≤ 254) is longer: a longer one cannot name an account. */
const IDENTIFIER_MAX = 254;

/**
 * The rate-limit key of the account a login names: the same whether its username or its email was typed. A name
 * that is no account gets a key of its own (hashed: people type passwords into the username field too).
 */
function loginKey(user: UserRow | undefined, identifier: string): string {
  return user ? `login:user:${user.id}` : `login:name:${sha256Hex(identityKey(identifier))}`;
}

/** A login refused for its limit: it says to wait, and how long at most. */
export const loginPaused = () =>
  tooManyRequests(LOGIN_MESSAGES.paused);

/**
 * Checks a login by username or email. The attempt is counted BEFORE the password is verified, in one atomic
 * database hit, so of a burst of parallel guesses at most the limit are ever verified, across instances too.
 * It is counted on the account, unless `deviceToken` shows a browser that logged in to this account before: then on
 * that device alone, so guesses from anywhere else never lock the owner out (login-devices.ts). Returns the user and
 * the device's key when it was known.
 */
export async function logIn(
  ctx: AppContext,
  identifier: string,
  password: string,
  request: Request,
  deviceToken?: string,
): Promise<{ user: UserRow; device: string | undefined }> {
  if (!identifier || !password) throw badRequest(LOGIN_MESSAGES.missing);
  await limitAddressHit(ctx.db, ctx.config, request, "login", LIMITS.loginPerAddress);
  if (identifier.length > IDENTIFIER_MAX) throw unauthorized(LOGIN_MESSAGES.mismatch);
  const user = await findUserByLogin(ctx.db, identifier);
  const device = user && (await knownDevice(ctx.db, deviceToken, user.id));
  const key = device ? `login:device:${device}` : loginKey(user, identifier);
  const attempt = await countHit(ctx.db, key, LIMITS.loginPerAccount);
  if (attempt > LIMITS.loginPerAccount.max) throw loginPaused();
  // An expired temporary password is as wrong as any other (the admin makes a new one).
  if (!(await passwordMatches(user, password)) || temporaryExpired(user!)) throw unauthorized(LOGIN_MESSAGES.mismatch);
  await clearHits(ctx.db, key, attempt);
  return { user: user!, device };
}
