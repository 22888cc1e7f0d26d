import { decodedOrUndefined } from "./input";

export const SESSION_COOKIE = "casefile_session";
/** Proof that this browser just checked a reset code; sent back only to the password update. */
export const RESET_PROOF_COOKIE = "casefile_reset_proof";
export const RESET_PROOF_PATH = "/api/user/passwordupdated";
/** This browser logged in to the account before (src/users/login-devices.ts); sent back only to the login route. */
export const LOGIN_DEVICE_COOKIE = "casefile_device";
export const LOGIN_PATH = "/api/user/login";
/** The language this browser chose (set by the web app, read by GET /api/i18n): not a secret, so not HttpOnly. */
export const LANGUAGE_COOKIE = "casefile_lang";

/** The named cookie's value; a value that is not valid percent-encoding is no cookie at all (never a 500). */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodedOrUndefined(part.slice(eq + 1).trim());
  }
  return undefined;
}

type CookieOptions = { maxAgeSeconds: number; secure: boolean; sameSite: "Lax" | "Strict"; path: string };

/** Every cookie of ours is HttpOnly: scripts never read a session or a proof. */
function cookie(name: string, value: string, { maxAgeSeconds, secure, sameSite, path }: CookieOptions): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    "HttpOnly",
    `SameSite=${sameSite}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return cookie(SESSION_COOKIE, value, { maxAgeSeconds, secure, sameSite: "Lax", path: "/" });
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie("", 0, secure);
}

/** Strict: no other site can make the browser send it along. */
export function resetProofCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return cookie(RESET_PROOF_COOKIE, value, { maxAgeSeconds, secure, sameSite: "Strict", path: RESET_PROOF_PATH });
}

/** Strict, and only for the login route: it is no session, it only tells the login's limit whose browser this is. */
export function loginDeviceCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return cookie(LOGIN_DEVICE_COOKIE, value, { maxAgeSeconds, secure, sameSite: "Strict", path: LOGIN_PATH });
}
