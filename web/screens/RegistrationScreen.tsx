import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useLocation } from "wouter";
import { ApiError } from "../api/client";
import { login } from "../api/session";
import { checkUserExists, register } from "../api/users";
import { Alert, Button, Spinner } from "../ui/Button";
import { Card, Page } from "../ui/Layout";
import { SelectField, TextField } from "../ui/Field";
import { ConsentField } from "../features/privacy/ConsentField";
import { useNotice } from "../features/privacy/useNotice";
import { PhotoDialog } from "../features/registration/PhotoDialog";
import {
  EMPTY_REGISTRATION,
  REGISTRATION_FIELDS,
  REGISTRATION_PAIRS,
  registrationProblem,
  type RegistrationValues,
} from "../features/registration/registrationChecks";
import { pronounOptions } from "../lib/pronouns";
import { focusField, useCheckedForm } from "../lib/useCheckedForm";
import { phoneHint } from "../lib/validation";
import { registrationMessageAtom } from "../state/errors";
import { toastAtom } from "../state/notices";
import { inArchiveAtom } from "../state/session";
import { refreshUserAtom } from "../state/sessionActions";
import { t, type Wording, wordingText } from "../features/i18n/i18n";
import { LanguageSwitch } from "../features/i18n/LanguageSwitch";


function registrationError(error: unknown): Wording {
  // 400 carries one of the spec §5 texts; 503 says the investigation has closed; a 409 may say the notice changed meanwhile.
  if (error instanceof ApiError && (error.status === 400 || error.status === 503)) return { text: error.message };
  if (error instanceof ApiError && error.code === "privacy.NOTICE_CHANGED") return { text: error.message };
  return { id: "form.registration_failed" };
}

function registrationPayload(values: RegistrationValues, photo: File, noticeVersion: number) {
  const payload = new FormData();
  payload.set("username", values.username.trim());
  payload.set("password", values.password);
  payload.set("email", values.email.trim());
  payload.set("usernameOrEmail", values.username.trim());
  payload.set("phone_number", values.phone_number);
  payload.set("full_name", values.full_name.trim());
  payload.set("role", "1");
  payload.set("pronouns", values.pronouns);
  payload.set("privacy_consent", String(noticeVersion));
  payload.set("verification_photo", photo, photo.name || "photo.jpg");
  return payload;
}

/** A titled group of fields; pairs (a value and its confirmation) sit side by side where there is room. */
function Section({ legend, pair = false, children }: { legend: string; pair?: boolean; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 border-t border-line pt-4 first:border-t-0 first:pt-0">
      <legend className="float-start mb-3 w-full text-xs font-semibold tracking-[0.14em] text-muted uppercase">{legend}</legend>
      <div className={`clear-start grid gap-4 ${pair ? "sm:grid-cols-2 sm:items-start" : ""}`}>{children}</div>
    </fieldset>
  );
}

export default function RegistrationScreen() {
  const form = useCheckedForm(EMPTY_REGISTRATION, registrationProblem, { order: REGISTRATION_FIELDS, pairs: REGISTRATION_PAIRS });
  const formRef = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useAtom(registrationMessageAtom);
  const [photoOpen, setPhotoOpen] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const refreshUser = useSetAtom(refreshUserAtom);
  const showToast = useSetAtom(toastAtom);
  const [, navigate] = useLocation();
  const inArchive = useAtomValue(inArchiveAtom);
  const { values } = form;
  const notice = useNotice();
  const [consent, setConsent] = useState(false);
  // Shown as a flag and worded at render time, like the fields' errors: a language switched meanwhile words it anew.
  const [consentMissing, setConsentMissing] = useState(false);
  // The message is app state (spec §3); an old one must not greet the participant on the next visit.
  useEffect(() => () => setMessage(null), [setMessage]);

  // Spec §4: form, then validation, then the uniqueness check, then the photo dialog, then submit.
  async function validate(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    // Every problem at once, in the form's order: the consent box comes after the fields.
    const firstInError = form.checkAll() ?? (consent ? null : "privacy_consent");
    setConsentMissing(!consent);
    if (firstInError) return focusField(formRef.current, firstInError);
    setBusy(true);
    try {
      const check = await checkUserExists(values.username.trim(), values.email.trim());
      if (check.exists) {
        form.showError("username", check.message || t("registration.already_registered"));
        return focusField(formRef.current, "username");
      }
    } catch (error) {
      console.error("User-exists check failed", error);
    } finally {
      setBusy(false);
    }
    setPhotoOpen(true);
  }

  async function submit() {
    setMessage(null);
    if (!photo) return setMessage({ id: "form.photo_missing" });
    if (!notice) return setMessage({ id: "registration.notice_missing" });
    setBusy(true);
    try {
      await register(registrationPayload(values, photo, notice.privacy_notice_version));
      await login(values.username.trim(), values.password);
      await refreshUser();
    } catch (error) {
      setBusy(false);
      return setMessage(registrationError(error));
    }
    setBusy(false);
    form.reset();
    setPhoto(null);
    setPhotoOpen(false);
    navigate("/user");
    showToast({ id: "registration.created" });
  }

  return (
    <Page title={t("registration.title")} lead={t("registration.lead")}>
      {inArchive && (
        <div className="mb-4">
          <Alert tone="info">{t("registration.closed")}</Alert>
        </div>
      )}
      <Card>
        <form ref={formRef} onSubmit={validate} noValidate className="space-y-6">
          <Section legend={t("registration.section.about")}>
            <TextField label={t("form.full_name")} dir="auto" autoComplete="name" required {...form.bind("full_name")} />
            <TextField label={t("form.username")} dir="auto" autoComplete="username" autoCapitalize="none" spellCheck={false} required {...form.bind("username")} />
            <SelectField label={t("form.pronouns")} options={pronounOptions()} {...form.bind("pronouns")} />
          </Section>
          <Section legend={t("registration.section.reach")} pair>
            <div className="sm:col-span-2">
              <TextField label={t("form.email")} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} required {...form.bind("email")} />
            </div>
            <TextField label={t("form.phone")} type="tel" inputMode="numeric" autoComplete="tel-national" hint={phoneHint()} required {...form.bind("phone_number")} />
            <TextField label={t("form.confirm_phone")} type="tel" inputMode="numeric" autoComplete="tel-national" required {...form.bind("confirm_phone")} />
          </Section>
          <Section legend={t("form.password")} pair>
            <TextField label={t("form.password")} type="password" autoComplete="new-password" required {...form.bind("password")} />
            <TextField label={t("form.confirm_password")} type="password" autoComplete="new-password" required {...form.bind("confirm_password")} />
          </Section>
          <ConsentField
            notice={notice}
            checked={consent}
            onChange={(checked) => {
              setConsent(checked);
              setConsentMissing(false);
            }}
            error={consentMissing ? t("registration.consent_required") : ""}
          />
          {message && !photoOpen && <Alert>{wordingText(message)}</Alert>}
          <Button type="submit" variant="accent" size="lg" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            {t("registration.submit")}
          </Button>
        </form>
      </Card>
      <PhotoDialog
        open={photoOpen}
        photo={photo}
        onPhoto={(next) => (setPhoto(next), next && setMessage(null))}
        onSubmit={submit}
        onClose={() => {
          setPhotoOpen(false);
          setMessage(null);
        }}
        busy={busy}
        message={photoOpen && message ? wordingText(message) : ""}
      />
      {/* On a laptop the top bar has the switch. */}
      <LanguageSwitch className="mt-6 lg:hidden" />
    </Page>
  );
}
