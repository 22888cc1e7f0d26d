import { useAtomValue } from "jotai";
import { queueRowsAtom } from "../queueAtoms";
import { queueSummary } from "../queueSummary";
import { QueueRowView } from "./QueueRowView";
import { t } from "../../i18n/i18n";

/** The evidence list's top: what is still on its way (or has just arrived), the queue's one line, and each item's state. */
export function QueuedItems() {
  const rows = useAtomValue(queueRowsAtom);
  if (!rows.length) return null;
  return (
    <section aria-labelledby="queued-title" className="mb-6">
      <h2 id="queued-title" className="font-display text-display-sm text-ink-950">
        {t("upload.title")}
      </h2>
      <p data-testid="upload-queue-summary" className="mt-1 mb-3 text-sm text-muted">
        {queueSummary(rows)}
      </p>
      <ul data-testid="queued-items" className="space-y-3">
        {rows.map((row) => (
          <QueueRowView key={row.id} row={row} />
        ))}
      </ul>
    </section>
  );
}
