import { useState, type ReactNode } from "react";
import { Modal } from "./Dialog";
import { Button, Spinner } from "./Button";
import { t } from "../features/i18n/i18n";

/**
 * The spec's Confirm/Cancel dialogs, and dialogs whose one action says its own words (`action`). `onConfirm` may be
 * async; the dialog stays open while it runs. `children` go between the message and the buttons; `canConfirm` false
 * keeps the action disabled (see TypedConfirmDialog).
 */
export function ConfirmDialog({
  open,
  title = t("confirm.title"),
  message,
  action = t("confirm.confirm"),
  onConfirm,
  onCancel,
  children,
  canConfirm = true,
}: {
  open: boolean;
  title?: string;
  message?: string;
  action?: string;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
  children?: ReactNode;
  canConfirm?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={busy || !canConfirm}>
            {busy && <Spinner />}
            {action}
          </Button>
        </>
      }
    >
      {message && <p className="text-base text-ink-800">{message}</p>}
      {children}
    </Modal>
  );
}
