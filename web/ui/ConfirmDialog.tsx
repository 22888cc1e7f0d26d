import { useState, type ReactNode } from "react";
import { Modal } from "./Dialog";
import { Button, Spinner } from "./Button";
import { t } from "../features/i18n/i18n";

/**
 * The spec's Confirm/Cancel dialogs. `onConfirm` may be async; the dialog stays open while it runs. `children` go
 * between the message and the buttons; `canConfirm` false keeps Confirm disabled (see TypedConfirmDialog).
 */
export function ConfirmDialog({
  open,
  title = t("confirm.title"),
  message,
  onConfirm,
  onCancel,
  children,
  canConfirm = true,
}: {
  open: boolean;
  title?: string;
  message: string;
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
            {t("confirm.confirm")}
          </Button>
        </>
      }
    >
      <p className="text-base text-ink-800">{message}</p>
      {children}
    </Modal>
  );
}
