import { useState } from "react";
import { ApiError } from "../../../api/client";
import { getBriefingResetCount, resetBriefing } from "../api";
import { Alert, Button, Spinner } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";

const participants = (count: number) => (count === 1 ? "1 participant" : `${count} participants`);

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
      setResult({ tone: "success", text: `${participants(done.participants)} will watch the briefing again at their next visit.` });
    } catch (error) {
      const changed = error instanceof ApiError && error.status === 409;
      if (changed) setCount((await getBriefingResetCount()).participants);
      else setCount(null);
      setResult({ tone: "error", text: changed ? "The number changed meanwhile: confirm the new number." : (error as Error).message });
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-ink-800">
        A new briefing video does not make anyone watch again: participants who watched the old one carry on, and someone watching it
        when it is replaced finishes the one they started. To have everyone watch the new one, ask for it here.
      </p>
      <Button variant="secondary" onClick={ask} disabled={asking}>
        {asking && <Spinner />}
        Ask everyone to watch the briefing again
      </Button>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <ConfirmDialog
        open={count !== null}
        title="Everyone watches the briefing again"
        message={
          count === 0
            ? "No participant has watched the briefing yet: nobody is affected."
            : `${participants(count ?? 0)} will have to watch the briefing again before they can go on. Their evidence and accounts stay as they are.`
        }
        canConfirm={count !== 0}
        onCancel={() => setCount(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
