/**
 * What a username and an e-mail address may be. Registration uses these rules and so does the configuration (it
 * checks ADMIN_USERNAME and ADMIN_EMAIL at start), so they live here, where src/config reads them without importing
 * a feature.
 */

export const INVALID_USERNAME = "Usernames are 3 to 32 characters: letters, digits, dots, dashes, underscores and single spaces between words";

/**
 * What people's names hold: letters of any script (with their combining marks), digits, `.`, `_`, `-`, and single
 * spaces between words. Nothing invisible (no format or control characters, no other kind of space).
 */
const USERNAME_WORD = String.raw`[\p{L}\p{Nd}._-][\p{L}\p{M}\p{Nd}._-]*`;
const USERNAME = new RegExp(`^${USERNAME_WORD}(?: ${USERNAME_WORD})*$`, "u");
const USERNAME_MIN = 3;
const USERNAME_MAX = 32;
/**
 * One plain address, local@domain: dot-atoms of RFC 5322 (letters of any script allowed, as RFC 6531 does), no
 * display name, list, comment, quoting, angle brackets or whitespace; the domain has at least two labels.
 */
const EMAIL_ATOM = String.raw`[\p{L}\p{M}\p{Nd}!#$%&'*+/=?^_\x60{|}~-]+`;
const DOMAIN_LABEL = String.raw`[\p{L}\p{M}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}])?`;
const EMAIL = new RegExp(`^${EMAIL_ATOM}(?:\\.${EMAIL_ATOM})*@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`, "u");

/** Usernames are kept NFC-normalised, so one name typed two ways is stored (and counted) one way. */
export const normalizeUsername = (username: string) => username.normalize("NFC");

export function isValidUsername(username: string): boolean {
  const length = [...username].length;
  return length >= USERNAME_MIN && length <= USERNAME_MAX && USERNAME.test(username);
}

export function isPlainEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  return email.length <= 254 && at <= 64 && EMAIL.test(email);
}
