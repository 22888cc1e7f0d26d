import { useEffect, useId, useState } from "react";
import { Button, Spinner } from "./Button";
import { Modal } from "./Dialog";

/** A confirmation for sweeping changes: Confirm stays disabled until the person types `phrase` (e.g. the count). */
export function TypedConfirmDialog({
  open,
  message,
  detail,
  phrase,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  detail: string;
  phrase: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => setTyped(""), [open]);
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open={open} onClose={onCancel} title="Please confirm">
      <p className="text-sm text-gray-800">{message}</p>
      <p className="mt-2 text-sm font-semibold text-gray-900">{detail}</p>
      <label htmlFor={id} className="mt-4 block text-sm font-semibold text-gray-800">
        Type {phrase} to confirm
      </label>
      <input id={id} inputMode="numeric" autoComplete="off" className="mt-1 block min-h-11 w-full rounded-lg border border-gray-400 px-3 text-base" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <div className="mt-5 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={busy || typed.trim() !== phrase}>
          {busy && <Spinner />}
          Confirm
        </Button>
      </div>
    </Modal>
  );
}
