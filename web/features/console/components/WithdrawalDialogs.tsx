import { useState } from "react";
import type { ConsoleItem } from "../../../api/console";
import { Button, Spinner } from "../../../ui/Button";
import { Modal } from "../../../ui/Dialog";
import { t } from "../../i18n/i18n";
import { withdrawalStory } from "../withdrawal";

const participantOf = (item: ConsoleItem) => item.full_name || item.username || t("console.facts.participant_number", { id: item.user_id });

/** A dialog whose one action runs while it stays open (the action's own words, not a generic Confirm). */
function ActionDialog({
  open,
  title,
  action,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  action: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
  children: React.ReactNode;
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
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {busy && <Spinner />}
            {action}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-base text-ink-800">{children}</div>
    </Modal>
  );
}

/**
 * Before publishing a withdrawn item: who withdrew it and when (and which admin recorded it), and an explicit
 * "Publish anyway" — the override clears the withdrawal and is audited as its own action.
 */
export function WithdrawalOverrideDialog({ item, onCancel, onConfirm }: { item: ConsoleItem | null; onCancel: () => void; onConfirm: (item: ConsoleItem) => Promise<void> }) {
  return (
    <ActionDialog open={item !== null} title={t("console.override.title")} action={t("console.override.publish_anyway")} onCancel={onCancel} onConfirm={async () => {
        if (item) await onConfirm(item);
      }}>
      {item && (
        <>
          <p dir="auto" className="wrap-anywhere">{withdrawalStory(item, participantOf(item))}</p>
          <p>{t("console.override.text")}</p>
        </>
      )}
    </ActionDialog>
  );
}

/** Before recording a participant's withdrawal for them: what it records and what it does. */
export function WithdrawForParticipantDialog({ item, onCancel, onConfirm }: { item: ConsoleItem | null; onCancel: () => void; onConfirm: (item: ConsoleItem) => Promise<void> }) {
  return (
    <ActionDialog open={item !== null} title={t("console.withdraw.title")} action={t("console.withdraw.action")} onCancel={onCancel} onConfirm={async () => {
        if (item) await onConfirm(item);
      }}>
      {item && (
        <p dir="auto" className="wrap-anywhere">
          {t("console.withdraw.text", { participant: participantOf(item), title: item.title })}
        </p>
      )}
    </ActionDialog>
  );
}
