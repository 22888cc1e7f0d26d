import { Button } from "../../../ui/Button";
import { Modal } from "../../../ui/Dialog";
import type { LogoutQuestion } from "../useDraftsAtLogout";
import { t } from "../../i18n/i18n";

/**
 * Asked at logout when unsent drafts wait on this device: keep them (the default: the main button, and what happens
 * as before when nobody chooses otherwise) or remove them; closing the question cancels the logout.
 */
export function LogoutDraftsDialog({ question }: { question: LogoutQuestion }) {
  const { count, answer } = question;
  return (
    <Modal
      open
      onClose={() => answer("cancel")}
      title={t("upload.logout.title")}
      actions={
        <>
          <Button variant="ghost" onClick={() => answer("cancel")}>
            {t("common.cancel")}
          </Button>
          <Button variant="danger" onClick={() => answer("remove")}>
            {t("upload.logout.remove")}
          </Button>
          <Button onClick={() => answer("keep")}>
            {t("upload.logout.keep")}
          </Button>
        </>
      }
    >
      <p className="text-base text-ink-800" data-testid="logout-drafts">
        {t("upload.logout.text", { count })}
      </p>
    </Modal>
  );
}
