import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { useLocation } from "wouter";
import { draftsAtLogoutAtom } from "../../state/draftsAtLogout";
import { logoutEverywhereActionAtom } from "../../state/sessionActions";
import { Button, Spinner } from "../../ui/Button";
import { t } from "../i18n/i18n";

/**
 * Ends the sessions on every device (a lost phone, a shared computer), removes the unsent drafts kept on this one,
 * then goes to the login screen.
 */
export function LogoutEverywhereButton({ onFailure }: { onFailure: (message: string) => void }) {
  const logoutEverywhere = useSetAtom(logoutEverywhereActionAtom);
  const drafts = useAtomValue(draftsAtLogoutAtom);
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await logoutEverywhere();
      await drafts?.removeAll().catch((error) => console.error("Drafts could not be removed", error));
      navigate("/login");
    } catch (error) {
      console.error("Log out everywhere failed", error);
      setBusy(false);
      onFailure(t("profile.logout_everywhere_failed"));
    }
  }
  return (
    <Button variant="ghost" className="w-full" disabled={busy} onClick={run}>
      {busy && <Spinner />}
      {t("profile.logout_everywhere")}
    </Button>
  );
}
