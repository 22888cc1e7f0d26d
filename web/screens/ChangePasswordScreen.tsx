import { useSetAtom } from "jotai";
import { type FormEvent, useState } from "react";
import { ApiError } from "../api/client";
import { chooseOwnPassword } from "../api/users";
import { t } from "../features/i18n/i18n";
import { MESSAGES, PASSWORD_MIN_LENGTH } from "../lib/validation";
import { userAtom } from "../state/session";
import { useNotify } from "../state/useNotify";
import { Alert, Button, Spinner } from "../ui/Button";
import { TextField } from "../ui/Field";
import { Card, Page } from "../ui/Layout";

/**
 * After logging in with a temporary password an admin made: the one thing the account can do (the server refuses
 * the rest with 403 password.changeRequired) is choose its own password. Then the app goes on where it was.
 */
export default function ChangePasswordScreen() {
  const setUser = useSetAtom(userAtom);
  const notify = useNotify();
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
      const user = await chooseOwnPassword(password);
      notify(t("password.changed"), "success");
      setUser(user);
    } catch (error) {
      console.error("Password change failed", error);
      setProblem(error instanceof ApiError && error.status !== 0 ? error.message : t("reset.update_failed"));
      setBusy(false);
    }
  }

  return (
    <Page title={t("password.change_title")} lead={t("password.change_lead", { min: PASSWORD_MIN_LENGTH })}>
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
