import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { Alert, Button, buttonClass, Card, Page, Spinner, TextField } from "../components/ui";
import { loginMessageAtom } from "../state/errors";
import { loginActionAtom } from "../state/sessionActions";
import { inArchiveAtom } from "../state/session";

export default function LoginScreen() {
  const [usernameOrEmail, setUsernameOrEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const message = useAtomValue(loginMessageAtom);
  const login = useSetAtom(loginActionAtom);
  const [, navigate] = useLocation();
  const inArchive = useAtomValue(inArchiveAtom);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const user = await login({ usernameOrEmail, password });
    setBusy(false);
    // /home sends a user who has not watched the video to /user; go there directly so the gate stays quiet.
    if (user) navigate(user.video_watched ? "/home" : "/user");
  }

  return (
    <Page title="Login">
      <Card>
        <form onSubmit={submit} noValidate className="space-y-4">
          {message && <Alert>{message}</Alert>}
          <TextField
            label="Username or Email"
            name="usernameOrEmail"
            autoComplete="username"
            value={usernameOrEmail}
            onChange={(event) => setUsernameOrEmail(event.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            Login
          </Button>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link href="/reset-password-email" className={buttonClass("secondary", "flex-1")}>
              Reset Password
            </Link>
            {!inArchive && (
              <Link href="/registration" className={buttonClass("secondary", "flex-1")}>
                REGISTER
              </Link>
            )}
          </div>
        </form>
      </Card>
    </Page>
  );
}
