import { useAtomValue } from "jotai";
import { queueRowsAtom } from "../queueAtoms";
import { QueueRowView } from "./QueueRowView";

/** The evidence list's top: what is still on its way (or has just arrived), with its state. */
export function QueuedItems() {
  const rows = useAtomValue(queueRowsAtom);
  if (!rows.length) return null;
  return (
    <section aria-labelledby="queued-title" className="mb-6">
      <h2 id="queued-title" className="mb-3 font-display text-display-sm text-ink-950">
        Uploads
      </h2>
      <ul data-testid="queued-items" className="space-y-3">
        {rows.map((row) => (
          <QueueRowView key={row.id} row={row} />
        ))}
      </ul>
    </section>
  );
}
