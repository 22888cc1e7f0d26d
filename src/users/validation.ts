import { INVALID_USERNAME, isPlainEmail, isValidUsername, normalizeUsername } from "../config/identity-rules";
import { badRequest, errorMessages } from "../http/errors";

/** The messages of spec §5, shared by registration, profile edits and the admin user form. */
export const MESSAGES = errorMessages("user", {
  missingCredentials: "Choose a username and password!",
  passwordTooShort: "Password must be at least 7 characters long",
  passwordsDiffer: "Passwords do not match",
  invalidEmail: "Invalid email address",
  invalidPhone: "Phone number must be 10 digits long and contain no dashes",
  phonesDiffer: "Phone numbers do not match",
  photoMissing: "Please upload a photo",
  invalidUsername: INVALID_USERNAME,
  fullNameMissing: "Please enter your full name",
  nameTooLong: "Names can be at most 100 characters long",
  usernameTaken: "That username is already taken",
  usernameLookAlike: "That username looks like one already taken (letters of another alphabet can look the same). Please choose another",
  emailTaken: "An account with that email address already exists",
} as const);

export const PASSWORD_MIN = 7;
export const NAME_MAX = 100;
const PHONE = /^\d{10}$/;

export type ProfileFields = { username: string; full_name: string; email: string; phone_number: string; pronouns: string };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function checkUsername(username: string): void {
  if (!isValidUsername(username)) throw badRequest(MESSAGES.invalidUsername);
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
