import { useAtom, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { checkResetCode, requestAnotherCode } from "../api/reset";
import { Alert, Button, Spinner } from "../ui/Button";
import { Card, Page } from "../ui/Layout";
import { TextField } from "../ui/Field";
import { NoMailNotice, useMailConfigured } from "../features/reset/NoMail";
import { ResetStep } from "../features/reset/ResetStep";
import { resetCodeAtom, resetEmailAtom } from "../state/reset";
import { t } from "../features/i18n/i18n";

export default function ResetPasswordCodeScreen() {
  const [email, setEmail] = useAtom(resetEmailAtom);
  const setCode = useSetAtom(resetCodeAtom);
  const [code, setCodeInput] = useState("");
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const mailConfigured = useMailConfigured();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    if (!event.currentTarget.reportValidity()) return;
    setBusy(true);
    try {
      const { codeMatches } = await checkResetCode(email.trim(), code.trim());
      if (!codeMatches) return setMessage({ text: t("error.reset.badCode"), tone: "error" });
      setCode(code.trim());
      navigate("/reset-password-page");
    } catch (error) {
      console.error("Code check failed", error);
      setMessage({ text: t("error.reset.badCode"), tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  async function another() {
    setMessage(null);
    if (!email.trim()) return setMessage({ text: t("reset.email_first"), tone: "error" });
    try {
      await requestAnotherCode(email.trim());
      setMessage({ text: t("reset.code_resent"), tone: "success" });
    } catch (error) {
      console.error("Reset-code update failed", error);
    }
  }

  if (!mailConfigured) return <NoMailNotice title={t("reset.code_title")} />;
  return (
    <Page title={t("reset.code_title")} lead={<ResetStep step={2}>{t("reset.code_lead")}</ResetStep>}>
      <Card className="sm:p-7">
        <form onSubmit={submit} className="space-y-5">
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          <TextField label={t("form.email")} type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <TextField
            label={t("reset.code")}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            value={code}
            onChange={(event) => setCodeInput(event.target.value.replace(/\D/g, ""))}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            {t("reset.verify")}
          </Button>
          <p className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-muted">
            {t("reset.no_code")}
            <Button variant="link" onClick={another}>
              {t("reset.another")}
            </Button>
          </p>
        </form>
      </Card>
    </Page>
  );
}
