import { useState } from "react";
import { Badge, type BadgeVariant } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import type { QueueRow } from "../queueAtoms";
import { cancel, discard, retry } from "../queueRunner";
import type { RowState } from "../queueState";
import { t, type MessageId } from "../../i18n/i18n";
import { UploadProgress } from "./UploadProgress";

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

export function stateLabel(row: QueueRow) {
  if (row.state === "done" && row.intact) return t("upload.state.intact");
  return t(LABELS[row.state]);
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
      {row.state === "done" && row.intact && <p className="text-sm text-emerald-900">{t("upload.intact_text")}</p>}
      {row.state === "stalled" && <p className="text-sm text-ink-800">{t("upload.stalled_text")}</p>}
      {row.state === "failed" && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t("upload.failed_text", { message: row.message })}
        </p>
      )}
      {row.state === "paused" && <p className="text-sm text-ink-800">{t("upload.paused_text")}</p>}
      <div className="flex flex-wrap gap-2">
        {row.state === "stalled" && (
          <Button variant="secondary" size="sm" data-testid="queue-row-retry" onClick={() => retry(row.id)}>
            {t("common.retry")}
          </Button>
        )}
        {(row.state === "stalled" || row.state === "sending" || row.state === "waiting" || row.state === "offline") && (
          <Button variant="ghost" size="sm" data-testid="queue-row-cancel" onClick={() => cancel(row.id)}>
            {t("common.cancel")}
          </Button>
        )}
        {(row.state === "paused" || row.state === "failed") && (
          <>
            <Button variant="accent" size="sm" data-testid="queue-row-send" onClick={() => retry(row.id)}>
              {t("upload.send_again")}
            </Button>
            <Button variant="ghost" size="sm" data-testid="queue-row-discard" onClick={() => setDiscarding(true)}>
              {t("recorder.discard")}
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog open={discarding} message={t("upload.discard_question")} onConfirm={() => discard(row.id)} onCancel={() => setDiscarding(false)} />
    </li>
  );
}
