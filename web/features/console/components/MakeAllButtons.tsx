import { useState } from "react";
import { getConsoleCounts, listWholeAdminList, makeAllVisible, NO_FILTERS, type BulkResult } from "../../../api/console";
import { Button } from "../../../ui/Button";
import { useNotify } from "../../../state/useNotify";
import { TypedConfirmDialog } from "../../../ui/TypedConfirmDialog";
import { t } from "../../i18n/i18n";

/** Where the lead sentence holds its bold part (a value no message text contains). */
const EVERYTHING = "\u0000everything\u0000";

/**
 * How many items Make All would change, and how many withdrawn ones Make All Public leaves private: from the counts,
 * or by listing everything when the server has no counts.
 */
async function itemsToChange(visible: boolean): Promise<{ count: number; withdrawn: number }> {
  try {
    const counts = await getConsoleCounts(NO_FILTERS);
    const withdrawn = visible ? (counts.withdrawn ?? 0) : 0;
    return { count: (visible ? counts.private : counts.public) - withdrawn, withdrawn };
  } catch {
    const others = (await listWholeAdminList()).filter((item) => item.is_public !== visible);
    const withdrawn = visible ? others.filter((item) => item.withdrawn_at).length : 0;
    return { count: others.length - withdrawn, withdrawn };
  }
}

/**
 * The spec's 'Make All Public' / 'Make All Private', kept small on purpose: they change every item, not the view,
 * so the confirmation states how many and asks for that number to be typed.
 */
export function MakeAllButtons({ onDone }: { onDone: (visible: boolean, result: BulkResult) => Promise<void> }) {
  const notify = useNotify();
  const [pending, setPending] = useState<{ visible: boolean; count: number; withdrawn: number } | null>(null);
  const visible = pending?.visible !== false;
  const [before, after] = t("console.make_all.lead", { everything: EVERYTHING }).split(EVERYTHING);

  async function ask(visible: boolean) {
    try {
      setPending({ visible, ...(await itemsToChange(visible)) });
    } catch (error) {
      console.error("Could not count the items", error);
      notify(t("console.visibility_failed"));
    }
  }
  async function confirm() {
    if (!pending) return;
    try {
      await onDone(pending.visible, await makeAllVisible(pending.visible));
    } catch (error) {
      console.error("Bulk visibility change failed", error);
      notify(t("console.visibility_failed"));
    }
    setPending(null);
  }
  return (
    <section aria-label={t("console.make_all.label")} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-card border border-dashed border-ink-300 px-4 py-3 text-sm">
      <p className="me-auto text-muted">
        {before}
        <span className="font-semibold text-ink-800">{t("console.make_all.label")}</span>
        {after}
      </p>
      <Button variant="secondary" size="sm" onClick={() => ask(true)}>
        {t("console.make_all.public")}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => ask(false)}>
        {t("console.make_all.private")}
      </Button>
      <TypedConfirmDialog
        open={pending !== null}
        message={t(visible ? "console.make_all.public_question" : "console.make_all.private_question")}
        detail={
          t(visible ? "console.make_all.public_detail" : "console.make_all.private_detail", { count: pending?.count ?? 0 }) +
          (pending?.withdrawn ? ` ${t("console.make_all.withdrawn_stay_private", { count: pending.withdrawn })}` : "")
        }
        phrase={String(pending?.count ?? 0)}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </section>
  );
}
