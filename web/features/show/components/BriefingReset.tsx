import { useState } from "react";
import { ApiError } from "../../../api/client";
import { getBriefingResetCount, resetBriefing } from "../api";
import { Alert, Button, Spinner } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { t } from "../../i18n/i18n";

/**
 * "Everyone watches the new briefing": a new briefing video never resets anyone by itself; this does, for every
 * participant who has watched, after a confirmation that says how many. The count is confirmed to the server, which
 * refuses when it changed meanwhile (someone watched): the dialog then shows the new count.
 */
export function BriefingReset() {
  const [count, setCount] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  async function ask() {
    setResult(null);
    setAsking(true);
    try {
      setCount((await getBriefingResetCount()).participants);
    } catch (error) {
      setResult({ tone: "error", text: (error as Error).message });
    } finally {
      setAsking(false);
    }
  }

  async function confirm() {
    if (count === null) return;
    try {
      const done = await resetBriefing(count);
      setCount(null);
      setResult({ tone: "success", text: t("showEditor.briefing.done", { count: done.participants }) });
    } catch (error) {
      const changed = error instanceof ApiError && error.status === 409;
      if (changed) setCount((await getBriefingResetCount()).participants);
      else setCount(null);
      setResult({ tone: "error", text: changed ? t("showEditor.briefing.changed") : (error as Error).message });
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-800">{t("showEditor.briefing.explain")}</p>
      <Button variant="secondary" onClick={ask} disabled={asking}>
        {asking && <Spinner />}
        {t("showEditor.briefing.ask")}
      </Button>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <ConfirmDialog
        open={count !== null}
        title={t("showEditor.briefing.confirm_title")}
        message={count === 0 ? t("showEditor.briefing.nobody") : t("showEditor.briefing.confirm", { count: count ?? 0 })}
        canConfirm={count !== 0}
        onCancel={() => setCount(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
