/** Spec §5 rules and texts shared by the registration and profile forms. */
export const MESSAGES = {
  missingCredentials: "Choose a username and password!",
  passwordTooShort: "Password must be at least 7 characters long",
  passwordMismatch: "Passwords do not match",
  invalidEmail: "Invalid email address",
  invalidPhone: "Phone number must be 10 digits long and contain no dashes",
  phoneMismatch: "Phone numbers do not match",
  photoMissing: "Please upload a photo",
  registrationFailed: "Oops! That didn't work. The username might already be taken. Try again!",
  /** Not in the spec: the server's own sentence for an empty name (src/users/validation.ts). */
  fullNameMissing: "Please enter your full name",
} as const;

export const PASSWORD_MIN_LENGTH = 7;
export const PHONE_HINT = "10 digits, no dashes";
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
export const isPhone = (value: string) => /^\d{10}$/.test(value);

/** The email and phone checks the registration and profile forms share ("" when the value is fine). */
export const emailProblem = (value: string) => (isEmail(value) ? "" : MESSAGES.invalidEmail);
export const phoneProblem = (value: string) => (isPhone(value) ? "" : MESSAGES.invalidPhone);
