import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import { fetchRetention, runRetentionNow, type RetentionCounts, type RetentionPlan } from "../../api/rights";
import { Alert, Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";

const date = (iso: string) => new Date(iso).toLocaleString();
const countsText = (c: RetentionCounts) =>
  `${c.photos} verification photos, ${c.phones} phone numbers, ${c.emails} e-mail addresses and ${c.items} unpublished items`;

/** Administration → Server → Retention: what the purge after the show removes next, and when; running it now after confirming. */
export function RetentionPanel() {
  const [plan, setPlan] = useState<RetentionPlan | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);
  const load = useCallback(() => fetchRetention().then(setPlan, () => setMessage({ text: "The retention settings could not be read.", tone: "error" })), []);
  useEffect(() => {
    load();
  }, [load]);
  if (!plan) return message ? <Alert>{message.text}</Alert> : null;

  async function run() {
    try {
      setPlan((await runRetentionNow(plan!.counts)).plan);
      setMessage({ text: `Purged ${countsText(plan!.counts)}.`, tone: "success" });
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : "The purge did not run. Please try again.", tone: "error" });
      await load();
    }
    setConfirming(false);
  }

  return (
    <section aria-labelledby="retention-heading" className="max-w-2xl space-y-3 text-sm">
      <h2 id="retention-heading" className="font-display text-display-sm text-ink-950">
        Retention
      </h2>
      <p>
        Participants' verification photos, phone numbers and e-mail addresses are kept {plan.days} days after the show ends
        {plan.keepUnpublished ? "; unpublished items are kept" : ", and unpublished items are deleted with them"} (RETENTION_DAYS,
        RETENTION_KEEP_UNPUBLISHED).
      </p>
      <p>
        {plan.archiveSince && plan.dueAt
          ? `The show ended ${date(plan.archiveSince)}; the purge is due ${date(plan.dueAt)}.`
          : "The show has not ended (archive mode is off): nothing is purged yet."}
      </p>
      <p>Due next: {countsText(plan.counts)}.</p>
      {plan.lastRun && <p>Last purge {date(plan.lastRun.at)}: {countsText(plan.lastRun.report)}.</p>}
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      {plan.dueAt && (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Purge now
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Purge now?"
        message={`This deletes ${countsText(plan.counts)} for good, now rather than on the due date.`}
        onConfirm={run}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
