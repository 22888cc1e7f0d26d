import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { updatePassword } from "../api/reset";
import { Alert, Button, buttonClass, Card, Page, Spinner, TextField } from "../components/ui";
import { ResetStep } from "../features/reset/ResetStep";
import { PASSWORD_MIN_LENGTH, MESSAGES } from "../lib/validation";
import { resetCodeAtom, resetEmailAtom } from "../state/reset";
import { useNotify } from "../state/useNotify";
import { EmptyState } from "../ui/States";

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

  if (!email || !code) {
    return (
      <Page title="Choose a new password">
        <EmptyState icon="clock" title="First, a code" actions={<Link href="/reset-password-email" className={buttonClass()}>Reset Password</Link>}>
          Start by entering your email address so we can send you a code.
        </EmptyState>
      </Page>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem("");
    if (!event.currentTarget.reportValidity()) return;
    if (password !== confirmation) return setProblem("Please make sure that the passwords match each other.");
    if (password.length < PASSWORD_MIN_LENGTH) return setProblem(MESSAGES.passwordTooShort);
    setBusy(true);
    try {
      await updatePassword(email, password, code);
      setCode("");
      notify("Password updated successfully!", "success", "/login");
      navigate("/login");
    } catch (error) {
      console.error("Password update failed", error);
      setProblem("We could not change your password. The code may have expired: ask for a new one and try again.");
      setBusy(false);
    }
  }

  return (
    <Page title="Choose a new password" lead={<ResetStep step={3}>At least {PASSWORD_MIN_LENGTH} characters. You will log in with it straight after.</ResetStep>}>
      <Card className="sm:p-7">
        <form onSubmit={submit} className="space-y-5">
          {problem && <Alert>{problem}</Alert>}
          <TextField label="New Password" type="password" required autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <TextField
            label="Confirm New Password"
            type="password"
            required
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            Save new password
          </Button>
        </form>
      </Card>
    </Page>
  );
}
