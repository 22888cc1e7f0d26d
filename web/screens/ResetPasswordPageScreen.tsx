import { useAtomValue, useSetAtom } from "jotai";
import { Link, useLocation } from "wouter";
import { updatePassword } from "../api/reset";
import { buttonClass } from "../ui/Button";
import { Page } from "../ui/Layout";
import { NewPasswordForm } from "../features/reset/NewPasswordForm";
import { NoMailNotice, useMailConfigured } from "../features/reset/NoMail";
import { ResetStep } from "../features/reset/ResetStep";
import { PASSWORD_MIN_LENGTH } from "../lib/validation";
import { resetCodeAtom, resetEmailAtom } from "../state/reset";
import { useNotify } from "../state/useNotify";
import { EmptyState } from "../ui/States";
import { t } from "../features/i18n/i18n";

export default function ResetPasswordPageScreen() {
  const email = useAtomValue(resetEmailAtom);
  const code = useAtomValue(resetCodeAtom);
  const setCode = useSetAtom(resetCodeAtom);
  const notify = useNotify();
  const [, navigate] = useLocation();
  const mailConfigured = useMailConfigured();

  if (!mailConfigured) return <NoMailNotice title={t("reset.password_title")} />;
  if (!email || !code) {
    return (
      <Page title={t("reset.password_title")}>
        <EmptyState icon="clock" title={t("reset.first_code")} actions={<Link href="/reset-password-email" className={buttonClass()}>{t("login.reset_password")}</Link>}>
          {t("reset.first_code_text")}
        </EmptyState>
      </Page>
    );
  }

  async function save(password: string) {
    await updatePassword(email, password, code);
    setCode("");
    notify(t("reset.updated"), "success", "/login");
    navigate("/login");
  }

  return (
    <Page title={t("reset.password_title")} lead={<ResetStep step={3}>{t("reset.password_lead", { min: PASSWORD_MIN_LENGTH })}</ResetStep>}>
      <NewPasswordForm save={save} failure={() => t("reset.update_failed")} />
    </Page>
  );
}
