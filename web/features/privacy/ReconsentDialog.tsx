import { useAtom, useAtomValue } from "jotai";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { consentTo } from "../../api/rights";
import { userAtom, videoLockedAtom } from "../../state/session";
import { Alert, Button, Spinner } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { NoticeText } from "./NoticeText";
import { useNotice } from "./useNotice";

/**
 * A participant whose accepted notice version is not the current one (the notice changed, or they registered with
 * the original client) is asked to read and accept it at their next visit. Admins are not asked.
 */
export function ReconsentDialog() {
  const [user, setUser] = useAtom(userAtom);
  // The briefing comes first (its own dialog); the notice is asked right after it.
  const briefing = useAtomValue(videoLockedAtom);
  const notice = useNotice(!!user && user.role === 1);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  // "Later" closes it for this visit: the next visit asks again.
  const [later, setLater] = useState(false);
  if (later || briefing || !user || user.role !== 1 || !notice || user.consent_version === notice.privacy_notice_version) return null;
  async function accept() {
    setBusy(true);
    setMessage("");
    try {
      setUser(await consentTo(notice!.privacy_notice_version));
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : "Your answer could not be saved. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open
      onClose={() => setLater(true)}
      dismissible={false}
      title="The privacy notice has changed"
      size="lg"
      actions={
        <>
          <Button variant="ghost" onClick={() => setLater(true)} disabled={busy}>
            Later
          </Button>
          <Button variant="accent" onClick={accept} disabled={busy}>
            {busy && <Spinner />}I agree
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm">Please read how your data is used now. To stop taking part instead, delete your account under Profile → My data.</p>
      <NoticeText markdown={notice.privacy_notice} />
      {message && (
        <div className="mt-3">
          <Alert>{message}</Alert>
        </div>
      )}
    </Modal>
  );
}
