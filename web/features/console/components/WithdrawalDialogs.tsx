import type { ConsoleItem } from "../../../api/console";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { t } from "../../i18n/i18n";
import { withdrawalStory } from "../withdrawal";

const participantOf = (item: ConsoleItem) => item.full_name || item.username || t("console.facts.participant_number", { id: item.user_id });

type Props = { item: ConsoleItem | null; onCancel: () => void; onConfirm: (item: ConsoleItem) => Promise<void> };

/**
 * Before publishing a withdrawn item: who withdrew it and when (and which admin recorded it), and an explicit
 * "Publish anyway" — the override clears the withdrawal and is audited as its own action.
 */
export function WithdrawalOverrideDialog({ item, onCancel, onConfirm }: Props) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={t("console.override.title")}
      action={t("console.override.publish_anyway")}
      onCancel={onCancel}
      onConfirm={async () => {
        if (item) await onConfirm(item);
      }}
    >
      {item && (
        <div className="space-y-3 text-base text-ink-800">
          <p dir="auto" className="wrap-anywhere">{withdrawalStory(item, participantOf(item))}</p>
          <p>{t("console.override.text")}</p>
        </div>
      )}
    </ConfirmDialog>
  );
}

/** Before recording a participant's withdrawal for them: what it records and what it does. */
export function WithdrawForParticipantDialog({ item, onCancel, onConfirm }: Props) {
  return (
    <ConfirmDialog
      open={item !== null}
      title={t("console.withdraw.title")}
      action={t("console.withdraw.action")}
      onCancel={onCancel}
      onConfirm={async () => {
        if (item) await onConfirm(item);
      }}
    >
      {item && (
        <p dir="auto" className="wrap-anywhere text-base text-ink-800">
          {t("console.withdraw.text", { participant: participantOf(item), title: item.title })}
        </p>
      )}
    </ConfirmDialog>
  );
}
