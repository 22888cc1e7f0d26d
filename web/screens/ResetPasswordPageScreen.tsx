import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { updatePassword } from "../api/reset";
import { Alert, Button, buttonClass, Spinner } from "../ui/Button";
import { Card, Page } from "../ui/Layout";
import { TextField } from "../ui/Field";
import { NoMailNotice, useMailConfigured } from "../features/reset/NoMail";
import { ResetStep } from "../features/reset/ResetStep";
import { PASSWORD_MIN_LENGTH, MESSAGES } from "../lib/validation";
import { resetCodeAtom, resetEmailAtom } from "../state/reset";
import { useNotify } from "../state/useNotify";
import { EmptyState } from "../ui/States";
import { t } from "../features/i18n/i18n";

export default function ResetPasswordPageScreen() {
  const email = useAtomValue(resetEmailAtom);
  const code = useAtomValue(resetCodeAtom);
  const setCode = useSetAtom(resetCodeAtom);
  const notify = useNotify();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const mailConfigured = useMailConfigured();

  if (!mailConfigured) return <NoMailNotice title={t("reset.password_title")} />;
  if (!email || !code) {
    return (
      <Page title={t("reset.password_title")}>
        <EmptyState icon="clock" title={t("reset.first_code")} actions={<Link href="/reset-password-email" className={buttonClass()}>{t("login.reset_password")}</Link>}>
          {t("reset.first_code_text")}
        </EmptyState>
      </Page>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem("");
    if (!event.currentTarget.reportValidity()) return;
    if (password !== confirmation) return setProblem(t("reset.passwords_differ"));
    if (password.length < PASSWORD_MIN_LENGTH) return setProblem(MESSAGES.passwordTooShort);
    setBusy(true);
    try {
      await updatePassword(email, password, code);
      setCode("");
      notify(t("reset.updated"), "success", "/login");
      navigate("/login");
    } catch (error) {
      console.error("Password update failed", error);
      setProblem(t("reset.update_failed"));
      setBusy(false);
    }
  }

  return (
    <Page title={t("reset.password_title")} lead={<ResetStep step={3}>{t("reset.password_lead", { min: PASSWORD_MIN_LENGTH })}</ResetStep>}>
      <Card className="sm:p-7">
        <form onSubmit={submit} className="space-y-5">
          {problem && <Alert>{problem}</Alert>}
          <TextField label={t("reset.new_password")} type="password" required autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <TextField
            label={t("reset.confirm_new_password")}
            type="password"
            required
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            {t("reset.save")}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
