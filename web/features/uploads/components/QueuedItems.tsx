import { useAtomValue } from "jotai";
import { Button } from "../../../ui/Button";
import { queueRowsAtom } from "../queueAtoms";
import { clearFinished } from "../queueRunner";
import { queueSummary } from "../queueSummary";
import { QueueRowView } from "./QueueRowView";
import { t } from "../../i18n/i18n";

/**
 * The evidence list's top: what is still on its way (or has just arrived), the queue's one line, and each item's state.
 * An arrived item is also its card below, so the rows that are done can be cleared here (the bottom bar, which has
 * that button elsewhere, is not shown on this screen).
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
      <div className="mt-1 mb-3 flex flex-wrap items-center justify-between gap-x-3">
        <p data-testid="upload-queue-summary" className="text-sm text-muted">
          {queueSummary(rows)}
        </p>
        {someDone && (
          <Button variant="ghost" size="sm" onClick={clearFinished}>
            {t("upload.clear_finished")}
          </Button>
        )}
      </div>
      <ul data-testid="queued-items" className="space-y-3">
        {rows.map((row) => (
          <QueueRowView key={row.id} row={row} />
        ))}
      </ul>
    </section>
  );
}
