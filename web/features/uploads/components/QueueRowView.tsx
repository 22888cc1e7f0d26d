import type { QueueRow } from "../queueAtoms";
import { kindLabel, QueueRowActions, QueueRowNote, QueueRowProgress, QueueRowState } from "./QueueRowParts";

/** One queued item in the queue's panel: its state in words, its progress, and what the participant can do about it. */
export function QueueRowView({ row }: { row: QueueRow }) {
  return (
    <li data-testid="queue-row" data-draft-id={row.id} data-state={row.state} data-title={row.title} className="space-y-3 rounded-card bg-surface p-4 shadow-lift ring-1 ring-line">
      <div className="space-y-1.5">
        <p className="font-semibold break-words text-ink-950">
          <span dir="auto">{row.title}</span>
          <span className="font-normal text-muted"> · {kindLabel(row)}</span>
        </p>
        <p>
          <QueueRowState row={row} />
        </p>
      </div>
      <QueueRowProgress row={row} />
      <QueueRowNote row={row} />
      <QueueRowActions row={row} />
    </li>
  );
}

/** The queue's items as rows, oldest first (beside the evidence table, where cards do not fit). */
export function QueueRowList({ rows }: { rows: QueueRow[] }) {
  return (
    <ul data-testid="queued-items" className="mb-6 space-y-3">
      {rows.map((row) => (
        <QueueRowView key={row.id} row={row} />
      ))}
    </ul>
  );
}
