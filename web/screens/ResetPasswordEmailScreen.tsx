import { useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { checkEmail, sendResetCode } from "../api/reset";
import { Alert, Button, Spinner } from "../ui/Button";
import { Card, Page } from "../ui/Layout";
import { TextField } from "../ui/Field";
import { NoMailNotice, useMailConfigured } from "../features/reset/NoMail";
import { ResetStep } from "../features/reset/ResetStep";
import { resetCodeAtom, resetEmailAtom } from "../state/reset";
import { t } from "../features/i18n/i18n";

export default function ResetPasswordEmailScreen() {
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const setResetEmail = useSetAtom(resetEmailAtom);
  const setResetCode = useSetAtom(resetCodeAtom);
  const [, navigate] = useLocation();
  const mailConfigured = useMailConfigured();

  if (!mailConfigured) return <NoMailNotice title={t("reset.email_title")} />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem("");
    if (!event.currentTarget.reportValidity()) return;
    setBusy(true);
    try {
      const { exists } = await checkEmail(email.trim());
      if (!exists) return setProblem(t("reset.no_account"));
      await sendResetCode(email.trim()).catch((error) => console.error("Reset e-mail could not be sent", error));
      setResetEmail(email.trim());
      setResetCode("");
      navigate("/reset-password-code");
    } catch (error) {
      console.error("Email check failed", error);
      setProblem(t("reset.check_failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t("reset.email_title")} lead={<ResetStep step={1}>{t("reset.email_lead")}</ResetStep>}>
      <Card className="sm:p-7">
        <form onSubmit={submit} className="space-y-5">
          {problem && <Alert>{problem}</Alert>}
          <TextField label={t("form.email")} type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            {t("reset.send")}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
