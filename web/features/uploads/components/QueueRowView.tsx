import { useState } from "react";
import { Badge, type BadgeVariant } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import type { QueueRow } from "../queueAtoms";
import { cancel, discard, retry } from "../queueRunner";
import type { RowState } from "../queueState";
import { CONNECTION_LOST } from "../queueSummary";
import { UploadProgress } from "./UploadProgress";

const DISCARD_QUESTION = "Discard this item? It has not been sent, and it will be deleted from this phone.";

const LABELS: Record<RowState, string> = {
  waiting: "Waiting to send",
  offline: "Offline, will send when the network is back",
  sending: "Sending",
  stalled: CONNECTION_LOST,
  finishing: "Checking it arrived intact",
  paused: "Paused",
  failed: "Not sent",
  done: "Sent",
};
const BADGES: Record<RowState, BadgeVariant> = {
  waiting: "neutral",
  offline: "flagged",
  sending: "new",
  stalled: "flagged",
  finishing: "new",
  paused: "neutral",
  failed: "flagged",
  done: "reviewed",
};

export function stateLabel(row: QueueRow) {
  if (row.state === "done" && row.intact) return "Arrived intact";
  return LABELS[row.state];
}

/** One queued item: its state in words, its progress, and what the participant can do about it. */
export function QueueRowView({ row }: { row: QueueRow }) {
  const [discarding, setDiscarding] = useState(false);
  const hasBytes = row.kind !== "note" && row.total > 0;
  return (
    <li data-testid="queue-row" data-draft-id={row.id} data-state={row.state} className="space-y-3 rounded-card bg-surface p-4 shadow-lift ring-1 ring-line">
      <div className="space-y-1.5">
        <p className="font-semibold break-words text-ink-950">
          {row.title}
          <span className="font-normal text-muted"> · {row.label}</span>
        </p>
        <p data-testid="queue-row-state">
          <Badge variant={BADGES[row.state]}>{stateLabel(row)}</Badge>
        </p>
      </div>
      {hasBytes && row.state !== "done" && row.state !== "failed" && <UploadProgress loaded={row.sent} total={row.total} speed={row.state === "sending" ? row.speed : null} secondsLeft={row.state === "sending" ? row.secondsLeft : null} slow={row.state === "sending" && row.slow} />}
      {row.state === "done" && row.intact && <p className="text-sm text-emerald-900">The server has it, and it is the same file as on this phone.</p>}
      {row.state === "stalled" && <p className="text-sm text-ink-800">Nothing is lost: it goes on from where it stopped as soon as the connection allows.</p>}
      {row.state === "failed" && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {row.message} It is kept on this phone.
        </p>
      )}
      {row.state === "paused" && <p className="text-sm text-ink-800">Stopped. It is kept on this phone until you send or discard it.</p>}
      <div className="flex flex-wrap gap-2">
        {row.state === "stalled" && (
          <Button variant="secondary" size="sm" data-testid="queue-row-retry" onClick={() => retry(row.id)}>
            Retry
          </Button>
        )}
        {(row.state === "stalled" || row.state === "sending" || row.state === "waiting" || row.state === "offline") && (
          <Button variant="ghost" size="sm" data-testid="queue-row-cancel" onClick={() => cancel(row.id)}>
            Cancel
          </Button>
        )}
        {(row.state === "paused" || row.state === "failed") && (
          <>
            <Button variant="accent" size="sm" data-testid="queue-row-send" onClick={() => retry(row.id)}>
              Send again
            </Button>
            <Button variant="ghost" size="sm" data-testid="queue-row-discard" onClick={() => setDiscarding(true)}>
              Discard
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog open={discarding} message={DISCARD_QUESTION} onConfirm={() => discard(row.id)} onCancel={() => setDiscarding(false)} />
    </li>
  );
}
