import { t, type MessageId } from "../features/i18n/i18n";

const FORM_MESSAGES = {
  missingCredentials: "form.missing_credentials",
  passwordTooShort: "form.password_too_short",
  passwordMismatch: "form.password_mismatch",
  invalidEmail: "form.invalid_email",
  invalidPhone: "form.invalid_phone",
  phoneMismatch: "form.phone_mismatch",
  /** Not in the spec: the server's own sentence for an empty name (src/users/validation.ts). */
  fullNameMissing: "form.full_name_missing",
} satisfies Record<string, MessageId>;

/** Spec §5 rules and texts shared by the registration and profile forms, in the active language when read. */
export const MESSAGES = Object.defineProperties(
  {},
  Object.fromEntries(Object.entries(FORM_MESSAGES).map(([name, id]) => [name, { get: () => t(id), enumerable: true }])),
) as Record<keyof typeof FORM_MESSAGES, string>;

export const PASSWORD_MIN_LENGTH = 7;
export const phoneHint = () => t("form.phone_hint");
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
export const isPhone = (value: string) => /^\d{10}$/.test(value);

/** The email and phone checks the registration and profile forms share ("" when the value is fine). */
export const emailProblem = (value: string) => (isEmail(value) ? "" : MESSAGES.invalidEmail);
export const phoneProblem = (value: string) => (isPhone(value) ? "" : MESSAGES.invalidPhone);
