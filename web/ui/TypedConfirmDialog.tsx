import { useEffect, useId, useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog";

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
  useEffect(() => setTyped(""), [open]);
  return (
    <ConfirmDialog open={open} message={message} onConfirm={onConfirm} onCancel={onCancel} canConfirm={typed.trim() === phrase}>
      <p className="mt-2 text-sm font-semibold text-gray-900">{detail}</p>
      <label htmlFor={id} className="mt-4 block text-sm font-semibold text-gray-800">
        Type {phrase} to confirm
      </label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        className="mt-1 block min-h-11 w-full rounded-lg border border-gray-400 px-3 text-base focus:border-blue-700 focus:outline-2 focus:outline-blue-700"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </ConfirmDialog>
  );
}
