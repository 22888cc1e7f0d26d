import { type FormEvent, useState } from "react";
import { MESSAGES, PASSWORD_MIN_LENGTH } from "../../lib/validation";
import { Alert, Button, Spinner } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { Card } from "../../ui/Layout";
import { t } from "../i18n/i18n";

type Props = {
  /** Saves the password; throws to say it was not saved. */
  save: (password: string) => Promise<void>;
  /** What to tell the person when save threw. */
  failure: (error: unknown) => string;
};

/**
 * A new password typed twice: the reset's last step and the change a temporary password asks for. Checked here as the
 * server checks it (length, both the same) so a slip is said at once; the form stays busy after a save that worked,
 * as the screen moves on.
 */
export function NewPasswordForm({ save, failure }: Props) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem("");
    if (!event.currentTarget.reportValidity()) return;
    if (password !== confirmation) return setProblem(t("reset.passwords_differ"));
    if (password.length < PASSWORD_MIN_LENGTH) return setProblem(MESSAGES.passwordTooShort);
    setBusy(true);
    try {
      await save(password);
    } catch (error) {
      console.error("Saving a new password failed", error);
      setProblem(failure(error));
      setBusy(false);
    }
  }

  return (
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
  );
}
