import { useAtomValue } from "jotai";
import { configAtom } from "../../state/session";
import { Page } from "../../ui/Layout";
import { EmptyState } from "../../ui/States";
import { t } from "../i18n/i18n";

/** Whether this show sends mail (SMTP_URL): without it no reset code reaches anyone. */
export const useMailConfigured = () => useAtomValue(configAtom).mailConfigured;

/**
 * Every step of the reset in place of its form when mail is not set up, however it was reached: no code was sent, and
 * the organisers can help (an admin's temporary password).
 */
export function NoMailNotice({ title }: { title: string }) {
  return (
    <Page title={title}>
      <EmptyState icon="alert" title={t("reset.no_mail_title")}>
        {t("reset.no_mail_text")}
      </EmptyState>
    </Page>
  );
}
