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
} as const;

export const PASSWORD_MIN_LENGTH = 7;
export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
export const isPhone = (value: string) => /^\d{10}$/.test(value);
