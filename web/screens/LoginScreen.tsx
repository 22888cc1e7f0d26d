import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { Alert, Button, buttonClass, Spinner } from "../ui/Button";
import { Card, Page } from "../ui/Layout";
import { TextField } from "../ui/Field";
import { loginMessageAtom } from "../state/errors";
import { loginActionAtom } from "../state/sessionActions";
import { inArchiveAtom } from "../state/session";
import { t, wordingText } from "../features/i18n/i18n";
import { LanguageSwitch } from "../features/i18n/LanguageSwitch";

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
    // /home sends a user who has not watched the video to /user; go there directly so the gate stays quiet. An admin
    // comes to work the desk: the console, not the participants' Home.
    // In archive mode a participant comes for their profile and My data.
    if (user) navigate(user.role === 2 ? (user.video_watched ? "/admin" : "/user") : !user.video_watched || inArchive ? "/user" : "/home");
  }

  return (
    <Page title={t("login.title")} lead={t("login.lead")}>
      <Card className="sm:p-7">
        <form onSubmit={submit} noValidate className="space-y-5">
          {inArchive && <p className="text-sm text-ink-800">{t("login.archive_rights")}</p>}
          {message && <Alert>{wordingText(message)}</Alert>}
          <TextField
            label={t("login.username_or_email")}
            name="usernameOrEmail"
            dir="auto"
            autoComplete="username"
            value={usernameOrEmail}
            onChange={(event) => setUsernameOrEmail(event.target.value)}
          />
          <div>
            <TextField
              label={t("login.password")}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p className="mt-2 text-end text-sm">
              <Link href="/reset-password-email" className={buttonClass("link")}>
                {t("login.reset_password")}
              </Link>
            </p>
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy && <Spinner />}
            {t("login.submit")}
          </Button>
        </form>
      </Card>
      {!inArchive && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-card border border-dashed border-ink-300 px-5 py-4">
          <p className="text-sm text-muted">{t("login.new_here")}</p>
          <Link href="/registration" className={buttonClass("secondary")}>
            {t("login.register")}
          </Link>
        </div>
      )}
      {/* On a laptop the top bar has the switch. */}
      <LanguageSwitch className="mt-6 lg:hidden" />
    </Page>
  );
}
