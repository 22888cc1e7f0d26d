import { useAtomValue } from "jotai";
import { Button } from "../../../ui/Button";
import { queueRowsAtom } from "../queueAtoms";
import { clearFinished } from "../queueRunner";
import { queueSummary } from "../queueSummary";
import { t } from "../../i18n/i18n";

/**
 * The evidence list's top while anything is queued: the queue's one line. The items themselves are cards in the list
 * (useQueueCards), so the ones that arrived can be cleared of their receipts here (the bottom bar, which has that
 * button elsewhere, is not shown on this screen).
 */
export function QueuedItems() {
  const rows = useAtomValue(queueRowsAtom);
  if (!rows.length) return null;
  const someDone = rows.some((row) => row.state === "done");
  return (
    <section aria-labelledby="queued-title" className="mb-6">
      <h2 id="queued-title" className="font-display text-display-sm text-ink-950">
        {t("upload.title")}
      </h2>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3">
        <p data-testid="upload-queue-summary" className="text-sm text-muted">
          {queueSummary(rows, "list")}
        </p>
        {someDone && (
          <Button variant="ghost" size="sm" onClick={clearFinished}>
            {t("upload.clear_finished")}
          </Button>
        )}
      </div>
    </section>
  );
}
