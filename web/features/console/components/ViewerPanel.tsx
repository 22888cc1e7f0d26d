import { useEffect, useId, useState } from "react";
import { REVIEW_STATUSES, type ConsoleItem, type NotesConflict, type ReviewStatus } from "../../../api/console";
import { Button, Spinner } from "../../../ui/Button";
import { fieldClass } from "../../../ui/Field";
import { t } from "../../i18n/i18n";
import { useDraft } from "../hooks/useDraft";
import { reviewLabel } from "./ConsoleTable";
import { VisibilitySwitch } from "./VisibilitySwitch";
import { RedactLink, RedactionMark } from "./RedactionMark";

export type NotesOutcome = "saved" | "failed" | NotesConflict;

/**
 * The console's part of the large viewer: review state, Public/Private (through the confirmation), the
 * investigator's own notes (kept as a draft until saved) and a way to the item's history in the audit log.
 */
export function ViewerPanel({
  item,
  onReview,
  onVisibility,
  onWithdraw,
  onSaveNotes,
  onHistory,
}: {
  item: ConsoleItem;
  onReview: (status: ReviewStatus) => void;
  onVisibility: (item: ConsoleItem) => void;
  /** Withdraw for the participant (after its confirmation). */
  onWithdraw: (item: ConsoleItem) => void;
  /** `previous` is the saved text the admin started from; a failure is reported by the caller. */
  onSaveNotes: (notes: string, previous: string) => Promise<NotesOutcome>;
  onHistory: () => void;
}) {
  const notesId = useId();
  const draft = useDraft(item.id, "investigator_notes", item.investigator_notes ?? "");
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState("");
  const [conflict, setConflict] = useState<NotesConflict | null>(null);
  useEffect(() => {
    setOutcome("");
    setConflict(null);
  }, [item.id]);

  async function save(text: string, previous: string) {
    setSaving(true);
    try {
      const result = await onSaveNotes(text, previous);
      if (result === "saved") {
        draft.settle(text.replace(/\s+$/, ""));
        setConflict(null);
        setOutcome(t("console.notes.saved"));
      } else if (result === "failed") setOutcome(t("console.notes.failed"));
      else {
        setConflict(result);
        setOutcome("");
      }
    } finally {
      setSaving(false);
    }
  }
  return (
    <section aria-label={t("console.triage")} className="space-y-4 rounded-card bg-paper-deep/60 p-4 ring-1 ring-line">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t("console.review_state")} className="inline-flex flex-wrap gap-1 rounded-full bg-surface p-1 ring-1 ring-line">
          {REVIEW_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={(item.review_status ?? "new") === status}
              onClick={() => onReview(status)}
              className="min-h-9 rounded-full px-4 text-sm font-semibold text-ink-800 hover:bg-paper-deep focus-visible:outline-2 focus-visible:outline-offset-2 aria-pressed:bg-ink-900 aria-pressed:text-white"
            >
              {reviewLabel(status)}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <RedactionMark item={item} />
          <RedactLink item={item} />
          <VisibilitySwitch item={item} onRequest={() => onVisibility(item)} />
          {!item.withdrawn_at && (
            <Button variant="ghost" size="sm" onClick={() => onWithdraw(item)}>
              {t("console.withdraw.action")}
            </Button>
          )}
        </div>
      </div>
      <div>
        <label htmlFor={notesId} className="block text-sm font-semibold text-ink-800">
          {t("console.notes.label")}
        </label>
        <textarea
          id={notesId}
          dir="auto"
          rows={3}
          maxLength={10000}
          value={draft.text}
          onChange={(event) => draft.setText(event.target.value)}
          className={fieldClass}
        />
        {conflict && (
          <div role="alert" className="mt-3 space-y-3 rounded-card bg-surface p-3 text-sm ring-1 ring-amber-600">
            <p className="font-semibold text-ink-950">{t("console.notes.conflict")}</p>
            <div className="grid gap-3 sm:grid-cols-2">
              <figure>
                <figcaption className="text-xs font-semibold text-muted">{t("console.notes.theirs")}</figcaption>
                <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-ink-900">{conflict.current || t("console.notes.empty")}</p>
              </figure>
              <figure>
                <figcaption className="text-xs font-semibold text-muted">{t("console.notes.yours")}</figcaption>
                <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-ink-900">{draft.text || t("console.notes.empty")}</p>
              </figure>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  draft.settle(conflict.current);
                  setConflict(null);
                }}
              >
                {t("console.notes.keep_theirs")}
              </Button>
              <Button size="sm" onClick={() => save(draft.text, conflict.current)} disabled={saving}>
                {t("console.notes.save_mine")}
              </Button>
            </div>
          </div>
        )}
        <div className="mt-2 flex flex-wrap items-center justify-end gap-3">
          <p role="status" className="me-auto text-sm text-muted">
            {outcome || (draft.dirty ? t("console.notes.draft_kept") : "")}
          </p>
          <Button variant="ghost" size="sm" onClick={onHistory}>
            {t("console.history")}
          </Button>
          {draft.dirty && (
            <Button variant="ghost" size="sm" onClick={() => draft.settle(item.investigator_notes ?? "")}>
              {t("console.notes.discard_draft")}
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={() => save(draft.text, draft.base)} disabled={saving || !draft.dirty || conflict !== null}>
            {saving && <Spinner />}
            {t("console.notes.save")}
          </Button>
        </div>
      </div>
    </section>
  );
}
