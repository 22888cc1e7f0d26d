import { emailProblem, MESSAGES, PASSWORD_MIN_LENGTH, phoneProblem } from "../../lib/validation";
import { t } from "../i18n/i18n";

/** The registration form's fields, in the order the participant meets them (the first in error gets the focus). */
export const REGISTRATION_FIELDS = [
  "full_name",
  "username",
  "pronouns",
  "email",
  "phone_number",
  "confirm_phone",
  "password",
  "confirm_password",
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationValues = Record<RegistrationField, string>;

export const EMPTY_REGISTRATION = Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, ""])) as RegistrationValues;

/** A confirmation is rechecked when the field it repeats changes. */
export const REGISTRATION_PAIRS = { phone_number: "confirm_phone", password: "confirm_password" } as const;

/** Spec §5, one field at a time ("" when it is fine). Empty confirmations say what to do rather than "do not match". */
export function registrationProblem(field: RegistrationField, values: RegistrationValues): string {
  const value = values[field];
  switch (field) {
    case "full_name":
      return value.trim() ? "" : MESSAGES.fullNameMissing;
    case "username":
      return value.trim() ? "" : MESSAGES.missingCredentials;
    case "pronouns":
      return ""; // empty means 'Prefer not to say'
    case "email":
      return value.trim() ? emailProblem(value) : t("form.email_missing");
    case "phone_number":
      return value ? phoneProblem(value) : t("form.phone_missing");
    case "confirm_phone":
      if (!value) return t("form.phone_again");
      return value === values.phone_number ? "" : MESSAGES.phoneMismatch;
    case "password":
      if (!value) return MESSAGES.missingCredentials;
      return value.length >= PASSWORD_MIN_LENGTH ? "" : MESSAGES.passwordTooShort;
    case "confirm_password":
      if (!value) return t("form.password_again");
      return value === values.password ? "" : MESSAGES.passwordMismatch;
  }
}
