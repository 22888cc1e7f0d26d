import { useSetAtom } from "jotai";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { consentTo } from "../../api/rights";
import { userAtom } from "../../state/session";
import { Alert, Button, Spinner } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { NoticeText } from "./NoticeText";
import type { PrivacyNotice } from "./useNotice";

/** The question itself (see Reconsent, which decides when it is asked). */
export function ReconsentDialog({ notice }: { notice: PrivacyNotice }) {
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
