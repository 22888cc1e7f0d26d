import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { ApiError } from "../api/client";
import { login } from "../api/session";
import { checkUserExists, register } from "../api/users";
import { PhotoDialog } from "../components/PhotoDialog";
import { Alert, Button, Card, Page, SelectField, TextField } from "../components/ui";
import { PRONOUN_OPTIONS } from "../lib/pronouns";
import { isEmail, isPhone, MESSAGES, PASSWORD_MIN_LENGTH } from "../lib/validation";
import { registrationMessageAtom } from "../state/errors";
import { toastAtom } from "../state/notices";
import { inArchiveAtom } from "../state/session";
import { refreshUserAtom } from "../state/sessionActions";

const EMPTY_FORM = {
  full_name: "",
  username: "",
  pronouns: "",
  email: "",
  phone_number: "",
  confirm_phone: "",
  password: "",
  confirm_password: "",
};
type FormState = typeof EMPTY_FORM;

function firstProblem(form: FormState): string | null {
  if (!form.username.trim() || !form.password) return MESSAGES.missingCredentials;
  if (!form.full_name.trim() || !form.email.trim() || !form.phone_number || !form.confirm_phone || !form.confirm_password)
    return "Please fill in every field.";
  if (form.password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (form.password !== form.confirm_password) return MESSAGES.passwordMismatch;
  if (!isEmail(form.email)) return MESSAGES.invalidEmail;
  if (!isPhone(form.phone_number)) return MESSAGES.invalidPhone;
  if (form.phone_number !== form.confirm_phone) return MESSAGES.phoneMismatch;
  return null;
}

function registrationError(error: unknown) {
  // 400 carries one of the spec §5 texts; 503 says the investigation has closed.
  if (error instanceof ApiError && (error.status === 400 || error.status === 503)) return error.message;
  return MESSAGES.registrationFailed;
}

export default function RegistrationScreen() {
  const [form, setForm] = useState(EMPTY_FORM);
  const [message, setMessage] = useAtom(registrationMessageAtom);
  const [usernameError, setUsernameError] = useState("");
  const [photoOpen, setPhotoOpen] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const refreshUser = useSetAtom(refreshUserAtom);
  const showToast = useSetAtom(toastAtom);
  const [, navigate] = useLocation();
  const inArchive = useAtomValue(inArchiveAtom);

  const field = (name: keyof FormState) => ({
    name,
    value: form[name],
    required: true,
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  async function validate(event: FormEvent) {
    event.preventDefault();
    setMessage("");
    setUsernameError("");
    const problem = firstProblem(form);
    if (problem) return setMessage(problem);
    setBusy(true);
    try {
      const check = await checkUserExists(form.username.trim(), form.email.trim());
      if (check.exists) return setUsernameError(check.message || "That username or email is already registered.");
    } catch (error) {
      console.error("User-exists check failed", error);
    } finally {
      setBusy(false);
    }
    setPhotoOpen(true);
  }

  async function submit() {
    setMessage("");
    if (!photo) return setMessage(MESSAGES.photoMissing);
    const payload = new FormData();
    payload.set("username", form.username.trim());
    payload.set("password", form.password);
    payload.set("email", form.email.trim());
    payload.set("usernameOrEmail", form.username.trim());
    payload.set("phone_number", form.phone_number);
    payload.set("full_name", form.full_name.trim());
    payload.set("role", "1");
    payload.set("pronouns", form.pronouns);
    payload.set("verification_photo", photo, photo.name || "photo.jpg");
    setBusy(true);
    try {
      await register(payload);
      await login(form.username.trim(), form.password);
      await refreshUser();
    } catch (error) {
      setBusy(false);
      return setMessage(registrationError(error));
    }
    setBusy(false);
    setForm(EMPTY_FORM);
    setPhoto(null);
    setPhotoOpen(false);
    navigate("/user");
    showToast("New User Created!");
  }

  return (
    <Page title="Register">
      {inArchive && (
        <div className="mb-4">
          <Alert tone="info">The investigation has closed. New registrations are no longer accepted.</Alert>
        </div>
      )}
      <Card>
        <form onSubmit={validate} noValidate className="space-y-4">
          <TextField label="Full Name" autoComplete="name" {...field("full_name")} />
          <TextField label="Username" autoComplete="username" error={usernameError} {...field("username")} />
          <SelectField label="Pronouns" options={PRONOUN_OPTIONS} {...field("pronouns")} />
          <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
          <TextField
            label="Phone Number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            hint="10 digits, no dashes"
            {...field("phone_number")}
          />
          <TextField label="Confirm Phone Number" type="tel" inputMode="numeric" {...field("confirm_phone")} />
          <TextField label="Password" type="password" autoComplete="new-password" {...field("password")} />
          <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field("confirm_password")} />
          {/* Next to the button the participant just pressed, so a phone shows it without scrolling. */}
          {message && !photoOpen && <Alert>{message}</Alert>}
          <Button type="submit" className="w-full" disabled={busy}>
            Register
          </Button>
        </form>
      </Card>
      <PhotoDialog
        open={photoOpen}
        photo={photo}
        onPhoto={setPhoto}
        onSubmit={submit}
        onClose={() => {
          setPhotoOpen(false);
          setMessage("");
        }}
        busy={busy}
        message={photoOpen ? message : ""}
      />
    </Page>
  );
}
