import { useState } from "react";
import { Modal } from "./Dialog";
import { Button, Spinner } from "./Button";

/** The spec's Confirm/Cancel dialogs. `onConfirm` may be async; the dialog stays open while it runs. */
export function ConfirmDialog({
  open,
  title = "Please confirm",
  message,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: string;
  message: string;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
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
    <Modal open={open} onClose={onCancel} title={title}>
      <p className="text-sm text-gray-800">{message}</p>
      <div className="mt-5 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={busy}>
          {busy && <Spinner />}
          Confirm
        </Button>
      </div>
    </Modal>
  );
}
