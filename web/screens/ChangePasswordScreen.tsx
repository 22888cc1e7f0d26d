import { useSetAtom } from "jotai";
import { ApiError } from "../api/client";
import { chooseOwnPassword } from "../api/users";
import { t } from "../features/i18n/i18n";
import { NewPasswordForm } from "../features/reset/NewPasswordForm";
import { PASSWORD_MIN_LENGTH } from "../lib/validation";
import { userAtom } from "../state/session";
import { useNotify } from "../state/useNotify";
import { Page } from "../ui/Layout";

/**
 * After logging in with a temporary password an admin made: the one thing the account can do (the server refuses
 * the rest with 403 password.changeRequired) is choose its own password. Then the app goes on where it was.
 */
export default function ChangePasswordScreen() {
  const setUser = useSetAtom(userAtom);
  const notify = useNotify();

  async function save(password: string) {
    const user = await chooseOwnPassword(password);
    notify(t("password.changed"), "success");
    setUser(user);
  }

  return (
    <Page title={t("password.change_title")} lead={t("password.change_lead", { min: PASSWORD_MIN_LENGTH })}>
      <NewPasswordForm save={save} failure={(error) => (error instanceof ApiError && error.status !== 0 ? error.message : t("reset.update_failed"))} />
    </Page>
  );
}
