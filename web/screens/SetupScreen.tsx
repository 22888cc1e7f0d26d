import { useAtom, useSetAtom } from "jotai";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { ShowFields } from "../api/show";
import { EMPTY_REGISTRATION, registrationProblem } from "../features/registration/registrationChecks";
import { type MessageId, t } from "../features/i18n/i18n";
import { VenueNetwork } from "../features/setup/VenueNetwork";
import { createFirstAdmin, getSetupState, updateShow, uploadShowMedia } from "../features/show/api";
import { AccentField, ShowText } from "../features/show/components/ShowFields";
import { changesOf, draftOf } from "../features/show/draft";
import { showAtom } from "../features/show/state";
import { focusField, useCheckedForm } from "../lib/useCheckedForm";
import { refreshUserAtom } from "../state/sessionActions";
import { Alert, Button, buttonClass, Spinner } from "../ui/Button";
import { TextField } from "../ui/Field";
import { FilePicker } from "../ui/FilePicker";
import { Card, Page } from "../ui/Layout";

const STEPS: MessageId[] = ["setup.step.account", "setup.step.name", "setup.step.briefing", "setup.step.network"];

function Step({ index, children, actions }: { index: number; children: ReactNode; actions: ReactNode }) {
  return (
    <Card>
      <p className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
        {t("setup.step_of", { step: index + 1, steps: STEPS.length })}
      </p>
      <h2 className="mt-1 font-display text-display-sm text-ink-950">{t(STEPS[index]!)}</h2>
      <div className="mt-4 space-y-4">{children}</div>
      <div className="mt-6 flex flex-wrap items-center gap-3">{actions}</div>
    </Card>
  );
}

/** The first admin's fields: the registration's but the phone number and pronouns (an admin needs neither). */
const ACCOUNT_FIELDS = ["full_name", "username", "email", "password", "confirm_password"] as const;
type AccountField = (typeof ACCOUNT_FIELDS)[number];
const EMPTY_ACCOUNT = Object.fromEntries(ACCOUNT_FIELDS.map((name) => [name, ""])) as Record<AccountField, string>;
const accountProblem = (field: AccountField, values: Record<AccountField, string>) => registrationProblem(field, { ...EMPTY_REGISTRATION, ...values });

/** Step 1: the first admin, with the registration's checks; the server logs them in. */
function AccountStep({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useCheckedForm(EMPTY_ACCOUNT, accountProblem, { order: ACCOUNT_FIELDS, pairs: { password: "confirm_password" } });
  const formRef = useRef<HTMLFormElement>(null);
  const refreshUser = useSetAtom(refreshUserAtom);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const { values } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage("");
    const firstInError = form.checkAll();
    if (firstInError) return focusField(formRef.current, firstInError);
    setBusy(true);
    try {
      await createFirstAdmin({
        token,
        username: values.username.trim(),
        full_name: values.full_name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      await refreshUser();
      onDone();
    } catch (error) {
      setMessage((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Step
        index={0}
        actions={
          <Button type="submit" variant="accent" size="lg" disabled={busy}>
            {busy && <Spinner />}
            {t("setup.create_account")}
          </Button>
        }
      >
        <p className="text-sm text-ink-800">{t("setup.account_lead")}</p>
        <TextField label={t("form.full_name")} dir="auto" autoComplete="name" required {...form.bind("full_name")} />
        <TextField label={t("form.username")} dir="auto" autoComplete="username" autoCapitalize="none" spellCheck={false} required {...form.bind("username")} />
        <TextField label={t("form.email")} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} required {...form.bind("email")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t("form.password")} type="password" autoComplete="new-password" required {...form.bind("password")} />
          <TextField label={t("form.confirm_password")} type="password" autoComplete="new-password" required {...form.bind("confirm_password")} />
        </div>
        {message && <Alert>{message}</Alert>}
      </Step>
    </form>
  );
}

/** Step 2: the project's name and accent (read-only where the environment sets them). */
function NameStep({ onDone }: { onDone: () => void }) {
  const [show, setShow] = useAtom(showAtom);
  const [draft, setDraft] = useState<ShowFields>(() => draftOf(show));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const edit = { show, draft, onChange: (patch: Partial<ShowFields>) => setDraft((old) => ({ ...old, ...patch })) };

  async function save(event: FormEvent) {
    event.preventDefault();
    const changes = changesOf(show, draft);
    setBusy(true);
    setMessage("");
    try {
      if (Object.keys(changes).length) setShow(await updateShow(changes));
      onDone();
    } catch (error) {
      setMessage((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save}>
      <Step
        index={1}
        actions={
          <Button type="submit" variant="accent" size="lg" disabled={busy}>
            {busy && <Spinner />}
            {t("setup.save_and_go_on")}
          </Button>
        }
      >
        <ShowText edit={edit} field="project_name" label={t("showEditor.project_name")} maxLength={80} hint={t("setup.project_name_hint")} />
        <AccentField edit={edit} />
        {message && <Alert>{message}</Alert>}
      </Step>
    </form>
  );
}

/** Step 3: the briefing every participant watches first; the placeholder may stay for now (the console reminds). */
function BriefingStep({ onDone }: { onDone: () => void }) {
  const setShow = useSetAtom(showAtom);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState("");

  async function upload() {
    if (!file) return;
    setMessage("");
    setProgress(0);
    try {
      setShow(await uploadShowMedia("onboarding-video", file, setProgress));
      onDone();
    } catch (error) {
      setMessage((error as Error).message);
    } finally {
      setProgress(null);
    }
  }

  return (
    <Step
      index={2}
      actions={
        <>
          <Button variant="accent" size="lg" disabled={!file || progress !== null} onClick={upload}>
            {progress !== null && <Spinner />}
            {t("setup.upload_briefing")}
          </Button>
          <Button variant="ghost" disabled={progress !== null} onClick={onDone}>
            {t("setup.keep_placeholder")}
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink-800">{t("setup.briefing_lead")}</p>
      <FilePicker
        label={t("setup.choose_briefing")}
        accept="video/mp4,video/webm"
        chosen={file?.name}
        hint={t("setup.briefing_formats")}
        onFiles={([chosen]) => setFile(chosen ?? null)}
      />
      {progress !== null && <progress className="h-2 w-full" max={1} value={progress} aria-label={t("setup.uploading_briefing")} />}
      {message && <Alert>{message}</Alert>}
    </Step>
  );
}

type State = "checking" | "invalid" | "not-needed" | "account" | "name" | "briefing" | "network";

/** /setup?token=…: the address the server printed at its first start, while no admin exists. */
export default function SetupScreen() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [, navigate] = useLocation();
  const [state, setState] = useState<State>("checking");

  useEffect(() => {
    getSetupState(token).then(
      (answer) => setState(!answer.needed ? "not-needed" : answer.token_valid ? "account" : "invalid"),
      () => setState("invalid"),
    );
    // The token is asked once: after step 1 an admin exists and the server would say "not needed".
  }, []);

  return (
    <Page title={t("setup.title")} lead={t("setup.lead")}>
      {state === "checking" && <Spinner label={t("setup.checking")} />}
      {state === "invalid" && <Alert>{t("setup.invalid")}</Alert>}
      {state === "not-needed" && (
        <div className="space-y-4">
          <Alert tone="info">{t("setup.not_needed")}</Alert>
          <Link href="/login" className={buttonClass("accent")}>
            {t("setup.log_in")}
          </Link>
        </div>
      )}
      {state === "account" && <AccountStep token={token} onDone={() => setState("name")} />}
      {state === "name" && <NameStep onDone={() => setState("briefing")} />}
      {state === "briefing" && <BriefingStep onDone={() => setState("network")} />}
      {state === "network" && (
        <Step
          index={3}
          actions={
            <Button variant="accent" size="lg" onClick={() => navigate("/admin")}>
              {t("setup.open_console")}
            </Button>
          }
        >
          <VenueNetwork />
        </Step>
      )}
    </Page>
  );
}
