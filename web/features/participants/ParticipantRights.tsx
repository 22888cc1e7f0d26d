import { useCallback, useEffect, useState } from "react";
import { participantDataUrl, participantItems, type ConsoleItem } from "../../api/console";
import { withdrawEvidence } from "../../api/rights";
import type { User } from "../../api/types";
import { useNotify } from "../../state/useNotify";
import { Alert, Button, buttonClass } from "../../ui/Button";
import { LoadingState } from "../../ui/States";
import { WithdrawForParticipantDialog } from "../console/components/WithdrawalDialogs";
import { itemName } from "../console/itemName";
import { withdrawalText } from "../console/withdrawal";
import { t } from "../i18n/i18n";
import { WithdrawableItems } from "../privacy/WithdrawableItems";

/**
 * A participant's rights served by an admin (a request by mail or in person, or after the show): download their data,
 * withdraw their items one by one, delete their account. All three in view at once; the server audits each.
 */
export function ParticipantRights({ user, onDelete }: { user: User; onDelete: () => void }) {
  const notify = useNotify();
  const [items, setItems] = useState<ConsoleItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [withdrawing, setWithdrawing] = useState<ConsoleItem | null>(null);
  const load = useCallback(() => {
    setFailed(false);
    participantItems(user.id).then(setItems, (error) => {
      console.error("Could not load the participant's items", error);
      setFailed(true);
    });
  }, [user.id]);
  useEffect(() => {
    setItems(null);
    load();
  }, [load]);

  async function withdraw(item: ConsoleItem) {
    try {
      const changed = await withdrawEvidence(item.id);
      setItems((list) => list && list.map((each) => (each.id === item.id ? { ...each, ...changed } : each)));
      notify(t("console.withdraw.done", { name: itemName(item) }), "success");
    } catch (error) {
      console.error("Withdrawal failed", error);
      notify(t("evidence.withdraw_failed"));
    }
    setWithdrawing(null);
  }

  return (
    <section aria-labelledby="participant-rights" className="space-y-3 border-y border-line py-4">
      <h3 id="participant-rights" className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
        {t("admin.rights.title")}
      </h3>
      <p className="text-sm text-ink-800">{t("admin.rights.lead")}</p>
      <div className="flex flex-wrap gap-2">
        <a className={buttonClass("secondary")} href={participantDataUrl(user.id)} download>
          {t("admin.rights.download")}
        </a>
        <Button variant="dangerQuiet" onClick={onDelete}>
          {t("admin.rights.delete")}
        </Button>
      </div>
      <h4 className="pt-1 text-sm font-semibold text-ink-900">{t("admin.rights.items")}</h4>
      {failed ? (
        <Alert>{t("archive.load_failed")}</Alert>
      ) : items === null ? (
        <LoadingState label={t("console.loading")} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t("admin.no_evidence")}</p>
      ) : (
        <WithdrawableItems
          className="max-h-72 overflow-y-auto overscroll-contain"
          items={items}
          label={t("admin.rights.items")}
          withdrawal={withdrawalText}
          canWithdraw={(item) => !item.withdrawn_at}
          withdrawLabel={t("console.withdraw.action")}
          onWithdraw={(item) => setWithdrawing(item as ConsoleItem)}
        />
      )}
      <WithdrawForParticipantDialog item={withdrawing} onCancel={() => setWithdrawing(null)} onConfirm={withdraw} />
    </section>
  );
}
