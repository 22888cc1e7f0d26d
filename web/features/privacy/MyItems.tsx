import { useCallback, useEffect, useState } from "react";
import { listOwnEvidence } from "../../api/evidence";
import type { Evidence } from "../../api/types";
import { formatDate } from "../../lib/format";
import { Alert } from "../../ui/Button";
import { LoadingState } from "../../ui/States";
import { t } from "../i18n/i18n";
import { WithdrawableItems } from "./WithdrawableItems";
import { WithdrawDialog } from "./WithdrawDialog";

/**
 * Profile → My data in archive mode: the participant's items, where each public one can be withdrawn from the archive
 * (the right the privacy notice promises outlives the show); withdrawn ones say so.
 */
export function MyItems() {
  const [items, setItems] = useState<Evidence[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Evidence | null>(null);
  const load = useCallback(
    () =>
      listOwnEvidence().then(
        (list) => (setItems(list), setFailed(false)),
        (error) => (console.error("Could not load my items", error), setFailed(true)),
      ),
    [],
  );
  useEffect(() => {
    load();
  }, [load]);

  return (
    <section aria-labelledby="my-items" className="mt-6 border-t border-line pt-5">
      <h2 id="my-items" className="mb-2 text-xs font-semibold tracking-[0.14em] text-muted uppercase">
        {t("privacy.items.title")}
      </h2>
      <p className="mb-3 text-sm">{t("privacy.items.lead")}</p>
      {failed ? (
        <Alert>{t("archive.load_failed")}</Alert>
      ) : items === null ? (
        <LoadingState label={t("evidence.loading")} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t("privacy.items.none")}</p>
      ) : (
        <WithdrawableItems
          items={items}
          label={t("privacy.items.title")}
          withdrawal={(item) => t("privacy.items.withdrawn", { date: formatDate(item.withdrawn_at!) })}
          canWithdraw={(item) => item.is_public}
          withdrawLabel={t("evidence.withdraw")}
          onWithdraw={setWithdrawing}
        />
      )}
      <WithdrawDialog item={withdrawing} onClose={() => setWithdrawing(null)} afterwards={load} />
    </section>
  );
}
