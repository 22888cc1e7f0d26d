import { useEffect, useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog";
import { TextField } from "./Field";
import { t } from "../features/i18n/i18n";

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
  const [typed, setTyped] = useState("");
  useEffect(() => setTyped(""), [open]);
  return (
    <ConfirmDialog open={open} message={message} onConfirm={onConfirm} onCancel={onCancel} canConfirm={typed.trim() === phrase}>
      <p className="mt-2 text-sm font-semibold text-ink-900">{detail}</p>
      <div className="mt-4">
        <TextField label={t("confirm.type_phrase", { phrase })} inputMode="numeric" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </div>
    </ConfirmDialog>
  );
}
