import { badRequest } from "../http/errors";

/** The messages of spec §5, shared by registration, profile edits and the admin user form. */
export const MESSAGES = {
  missingCredentials: "Choose a username and password!",
  passwordTooShort: "Password must be at least 7 characters long",
  passwordsDiffer: "Passwords do not match",
  invalidEmail: "Invalid email address",
  invalidPhone: "Phone number must be 10 digits long and contain no dashes",
  phonesDiffer: "Phone numbers do not match",
  photoMissing: "Please upload a photo",
  invalidUsername: "Usernames are 3 to 32 characters: letters, digits, dots, dashes, underscores and single spaces between words",
  fullNameMissing: "Please enter your full name",
  nameTooLong: "Names can be at most 100 characters long",
  usernameTaken: "That username is already taken",
  usernameLookAlike: "That username looks like one already taken (letters of another alphabet can look the same). Please choose another",
  emailTaken: "An account with that email address already exists",
} as const;

export const PASSWORD_MIN = 7;
export const NAME_MAX = 100;
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
const PHONE = /^\d{10}$/;

export type ProfileFields = { username: string; full_name: string; email: string; phone_number: string; pronouns: string };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** Usernames are kept NFC-normalised, so one name typed two ways is stored (and counted) one way. */
export const normalizeUsername = (username: string) => username.normalize("NFC");

export function isValidUsername(username: string): boolean {
  const length = [...username].length;
  return length >= USERNAME_MIN && length <= USERNAME_MAX && USERNAME.test(username);
}

export function checkUsername(username: string): void {
  if (!isValidUsername(username)) throw badRequest(MESSAGES.invalidUsername);
}

export function isPlainEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  return email.length <= 254 && at <= 64 && EMAIL.test(email);
}

export function checkEmail(email: string): void {
  if (!isPlainEmail(email)) throw badRequest(MESSAGES.invalidEmail);
}

export function checkPhone(phone: string): void {
  if (!PHONE.test(phone)) throw badRequest(MESSAGES.invalidPhone);
}

export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN) throw badRequest(MESSAGES.passwordTooShort);
  if (password.length > 1000) throw badRequest("Passwords can be at most 1000 characters long");
}

function checkName(value: string): void {
  if (value.length > NAME_MAX) throw badRequest(MESSAGES.nameTooLong);
}

/** Profile fields as users may edit them (full name, email, phone, pronouns), trimmed and checked. */
export function readProfileEdit(input: Record<string, unknown>): Omit<ProfileFields, "username"> {
  const fields = {
    full_name: text(input.full_name),
    email: text(input.email),
    phone_number: text(input.phone_number),
    pronouns: text(input.pronouns),
  };
  if (!fields.full_name) throw badRequest(MESSAGES.fullNameMissing);
  checkName(fields.full_name);
  checkName(fields.pronouns);
  checkEmail(fields.email);
  checkPhone(fields.phone_number);
  return fields;
}

/** Registration: every rule of spec §5, in the order the form checks them. */
export function readRegistration(input: Record<string, string>): ProfileFields & { password: string } {
  const username = normalizeUsername(text(input.username));
  const password = typeof input.password === "string" ? input.password : "";
  if (!username || !password) throw badRequest(MESSAGES.missingCredentials);
  checkUsername(username);
  checkPassword(password);
  if (input.confirm_password !== undefined && input.confirm_password !== password) throw badRequest(MESSAGES.passwordsDiffer);
  const profile = readProfileEdit(input);
  if (input.confirm_phone_number !== undefined && text(input.confirm_phone_number) !== profile.phone_number) {
    throw badRequest(MESSAGES.phonesDiffer);
  }
  return { username, password, ...profile };
}

/** The admin's edit of a user: username, email, phone, full name (never role or video_watched). */
export function readAdminUserEdit(input: Record<string, unknown>): Omit<ProfileFields, "pronouns"> {
  const username = normalizeUsername(text(input.username));
  checkUsername(username);
  const full_name = text(input.full_name);
  if (!full_name) throw badRequest(MESSAGES.fullNameMissing);
  checkName(full_name);
  const email = text(input.email);
  checkEmail(email);
  const phone_number = text(input.phone_number);
  checkPhone(phone_number);
  return { username, full_name, email, phone_number };
}
