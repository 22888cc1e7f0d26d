import { useState } from "react";
import { Badge, type BadgeVariant } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import type { QueueRow } from "../queueAtoms";
import { fileKindLabel } from "../../../lib/mediaTypes";
import { cancel, discard, retry } from "../queueRunner";
import type { RowState } from "../queueState";
import { t, type MessageId } from "../../i18n/i18n";
import { UploadProgress } from "./UploadProgress";

/** The parts of a queued item shared by its row (the queue's panel) and its card (the evidence list). */

const LABELS: Record<RowState, MessageId> = {
  waiting: "upload.state.waiting",
  offline: "upload.state.offline",
  sending: "upload.state.sending",
  stalled: "upload.connection_lost",
  finishing: "upload.state.finishing",
  paused: "upload.state.paused",
  failed: "upload.state.failed",
  done: "upload.state.done",
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

/** What the participant calls the item, in the language shown now: a note, or the file's kind ("Video"). */
export const kindLabel = (row: QueueRow) => (row.kind === "note" ? t("kind.note") : fileKindLabel(row.fileType));

/** The item's state in words ("Arrived intact" once the hashes matched). */
export const stateLabel = (row: QueueRow) => (row.state === "done" && row.intact ? t("upload.state.intact") : t(LABELS[row.state]));

/** The state as a badge, coloured by what it asks of the participant. */
export function QueueRowState({ row }: { row: QueueRow }) {
  return (
    <span data-testid="queue-row-state">
      <Badge variant={BADGES[row.state]}>{stateLabel(row)}</Badge>
    </span>
  );
}

/** Bytes the server confirmed, while there are bytes still to send. */
export function QueueRowProgress({ row }: { row: QueueRow }) {
  const hasBytes = row.kind !== "note" && row.total > 0;
  if (!hasBytes || row.state === "done" || row.state === "failed") return null;
  const sending = row.state === "sending";
  return <UploadProgress loaded={row.sent} total={row.total} speed={sending ? row.speed : null} secondsLeft={sending ? row.secondsLeft : null} slow={sending && row.slow} />;
}

/** A state's sentence and its tone: reassuring, plain, or a refusal (said at once to screen readers). */
type Note = { text: (row: QueueRow) => string; tone: string; alert?: true };
const NOTES: Partial<Record<RowState | "intact", Note>> = {
  intact: { text: () => t("upload.intact_text"), tone: "text-emerald-900" },
  stalled: { text: () => t("upload.stalled_text"), tone: "text-ink-800" },
  paused: { text: () => t("upload.paused_text"), tone: "text-ink-800" },
  failed: { text: (row) => t("upload.failed_text", { message: row.message }), tone: "font-medium text-red-800", alert: true },
};

/** What the state means for the participant, in a sentence, when it asks something of them or reassures them. */
export function QueueRowNote({ row, className = "" }: { row: QueueRow; className?: string }) {
  const note = NOTES[row.state === "done" && row.intact ? "intact" : row.state];
  if (!note) return null;
  return (
    <p role={note.alert ? "alert" : undefined} className={`text-sm ${note.tone} ${className}`}>
      {note.text(row)}
    </p>
  );
}

/** What the participant can do about the item now: retry or cancel while it moves, send again or discard once kept. */
export function QueueRowActions({ row }: { row: QueueRow }) {
  const [discarding, setDiscarding] = useState(false);
  const moving = row.state === "stalled" || row.state === "sending" || row.state === "waiting" || row.state === "offline";
  const kept = row.state === "paused" || row.state === "failed";
  if (!moving && !kept) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {row.state === "stalled" && (
        <Button variant="secondary" size="sm" data-testid="queue-row-retry" onClick={() => retry(row.id)}>
          {t("common.retry")}
        </Button>
      )}
      {moving && (
        <Button variant="ghost" size="sm" data-testid="queue-row-cancel" onClick={() => cancel(row.id)}>
          {t("common.cancel")}
        </Button>
      )}
      {kept && (
        <>
          <Button variant="accent" size="sm" data-testid="queue-row-send" onClick={() => retry(row.id)}>
            {t("upload.send_again")}
          </Button>
          <Button variant="ghost" size="sm" data-testid="queue-row-discard" onClick={() => setDiscarding(true)}>
            {t("recorder.discard")}
          </Button>
        </>
      )}
      <ConfirmDialog open={discarding} message={t("upload.discard_question")} onConfirm={() => discard(row.id)} onCancel={() => setDiscarding(false)} />
    </div>
  );
}
