import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { updatePassword } from "../api/reset";
import { Alert, Button, buttonClass, Card, Page, Spinner, TextField } from "../components/ui";
import { PASSWORD_MIN_LENGTH, MESSAGES } from "../lib/validation";
import { resetCodeAtom, resetEmailAtom } from "../state/reset";
import { useNotify } from "../state/useNotify";

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
        <p className="mb-4 text-gray-800">Start by entering your email address so we can send you a code.</p>
        <Link href="/reset-password-email" className={buttonClass()}>
          Reset Password
        </Link>
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
      setProblem("The password could not be changed. The code may have expired; request a new one.");
      setBusy(false);
    }
  }

  return (
    <Page title="Choose a new password">
      <Card>
        <form onSubmit={submit} className="space-y-4">
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
          <Button type="submit" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            Save new password
          </Button>
        </form>
      </Card>
    </Page>
  );
}
