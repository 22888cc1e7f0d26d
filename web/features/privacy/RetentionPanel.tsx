import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import { fetchRetention, runRetentionNow, type RetentionCounts, type RetentionPlan } from "../../api/rights";
import { Alert, Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { formatDateTime } from "../../lib/format";
import { t } from "../i18n/i18n";

const date = formatDateTime;
const countsText = (c: RetentionCounts) => t("privacy.retention.counts", { photos: c.photos, phones: c.phones, emails: c.emails, items: c.items });

/** Administration → Server → Retention: what the purge after the show removes next, and when; running it now after confirming. */
export function RetentionPanel() {
  const [plan, setPlan] = useState<RetentionPlan | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);
  const load = useCallback(() => fetchRetention().then(setPlan, () => setMessage({ text: t("privacy.retention.load_failed"), tone: "error" })), []);
  useEffect(() => {
    load();
  }, [load]);
  if (!plan) return message ? <Alert>{message.text}</Alert> : null;

  async function run() {
    try {
      setPlan((await runRetentionNow(plan!.counts)).plan);
      setMessage({ text: t("privacy.retention.purged", { counts: countsText(plan!.counts) }), tone: "success" });
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : t("privacy.retention.failed"), tone: "error" });
      await load();
    }
    setConfirming(false);
  }

  return (
    <section aria-labelledby="retention-heading" className="max-w-2xl space-y-3 text-sm">
      <h2 id="retention-heading" className="font-display text-display-sm text-ink-950">
        {t("privacy.retention.title")}
      </h2>
      <p>{t(plan.keepUnpublished ? "privacy.retention.kept_keep_unpublished" : "privacy.retention.kept", { days: plan.days })}</p>
      <p>
        {plan.archiveSince && plan.dueAt
          ? t("privacy.retention.due", { ended: date(plan.archiveSince), due: date(plan.dueAt) })
          : t("privacy.retention.not_ended")}
      </p>
      <p>{t("privacy.retention.due_next", { counts: countsText(plan.counts) })}</p>
      {plan.lastRun && <p>{t("privacy.retention.last_purge", { date: date(plan.lastRun.at), counts: countsText(plan.lastRun.report) })}</p>}
      {message && (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      {plan.dueAt && (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t("privacy.retention.purge_now")}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("privacy.retention.confirm_title")}
        message={t("privacy.retention.confirm", { counts: countsText(plan.counts) })}
        onConfirm={run}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
