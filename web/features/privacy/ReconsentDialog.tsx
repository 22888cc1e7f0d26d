import { useSetAtom } from "jotai";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { consentTo } from "../../api/rights";
import { userAtom } from "../../state/session";
import { Alert, Button, Spinner } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { t } from "../i18n/i18n";
import { NoticeText } from "./NoticeText";
import type { PrivacyNotice } from "./useNotice";

/**
 * The question itself (see Reconsent, which decides when it is asked). `unread`: the participant never accepted any
 * notice (registered through the original client), so it is not "changed" for them: they have not read it yet.
 */
export function ReconsentDialog({ notice, unread }: { notice: PrivacyNotice; unread: boolean }) {
  const setUser = useSetAtom(userAtom);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  // "Later" closes it for this visit: the next visit asks again.
  const [later, setLater] = useState(false);
  if (later) return null;
  async function accept() {
    setBusy(true);
    setMessage("");
    try {
      setUser(await consentTo(notice.privacy_notice_version));
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : t("privacy.answer_failed"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open
      onClose={() => setLater(true)}
      dismissible={false}
      title={t(unread ? "privacy.unread_title" : "privacy.changed_title")}
      size="lg"
      actions={
        <>
          <Button variant="ghost" onClick={() => setLater(true)} disabled={busy}>
            {t("privacy.later")}
          </Button>
          <Button variant="accent" onClick={accept} disabled={busy}>
            {busy && <Spinner />}
            {t("privacy.agree")}
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm">{t(unread ? "privacy.unread_text" : "privacy.changed_text")}</p>
      <NoticeText markdown={notice.privacy_notice} />
      {message && (
        <div className="mt-3">
          <Alert>{message}</Alert>
        </div>
      )}
    </Modal>
  );
}
