import { withdrawEvidence } from "../../api/rights";
import type { Evidence } from "../../api/types";
import { useNotify } from "../../state/useNotify";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { t } from "../i18n/i18n";

/**
 * The participant's question before withdrawing one of their items from the public archive, and the withdrawal
 * itself (said in a notice either way); `afterwards` reloads the list the item is shown in.
 */
export function WithdrawDialog({ item, onClose, afterwards }: { item: Evidence | null; onClose: () => void; afterwards: () => Promise<unknown> }) {
  const notify = useNotify();
  async function withdraw() {
    if (!item) return;
    try {
      await withdrawEvidence(item.id);
      notify(t("evidence.withdrawn"), "success");
    } catch (error) {
      console.error("Withdrawal failed", error);
      notify(t("evidence.withdraw_failed"));
    }
    onClose();
    await afterwards();
  }
  return <ConfirmDialog open={item !== null} title={t("evidence.withdraw_title")} message={t("evidence.withdraw_text")} onConfirm={withdraw} onCancel={onClose} />;
}
