import { useEffect, useId, useState } from "react";
import { REVIEW_STATUSES, type ConsoleItem, type ReviewStatus } from "../../../api/console";
import { Button, Spinner } from "../../../ui/Button";
import { fieldClass } from "../../../ui/Field";
import { REVIEW_BADGE } from "./ConsoleTable";

/** The console's part of the large viewer: the review state and the investigator's own notes. */
export function ViewerPanel({
  item,
  onReview,
  onSaveNotes,
}: {
  item: ConsoleItem;
  onReview: (status: ReviewStatus) => void;
  /** Resolves to whether the notes were saved (a failure is reported by the caller). */
  onSaveNotes: (notes: string) => Promise<boolean>;
}) {
  const notesId = useId();
  const [notes, setNotes] = useState(item.investigator_notes ?? "");
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState("");
  useEffect(() => setNotes(item.investigator_notes ?? ""), [item.id, item.investigator_notes]);
  useEffect(() => setOutcome(""), [item.id]);
  async function save() {
    setSaving(true);
    try {
      setOutcome((await onSaveNotes(notes)) ? "Investigator notes saved." : "Could not save the investigator notes.");
    } finally {
      setSaving(false);
    }
  }
  return (
    <section aria-label="Triage" className="space-y-4 rounded-card bg-paper-deep/60 p-4 ring-1 ring-line">
      <div role="group" aria-label="Review state" className="inline-flex flex-wrap gap-1 rounded-full bg-surface p-1 ring-1 ring-line">
        {REVIEW_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={(item.review_status ?? "new") === status}
            onClick={() => onReview(status)}
            className="min-h-9 rounded-full px-4 text-sm font-semibold text-ink-800 hover:bg-paper-deep focus-visible:outline-2 focus-visible:outline-offset-2 aria-pressed:bg-ink-900 aria-pressed:text-white"
          >
            {REVIEW_BADGE[status]}
          </button>
        ))}
      </div>
      <div>
        <label htmlFor={notesId} className="block text-sm font-semibold text-ink-800">
          Investigator notes (admins only)
        </label>
        <textarea id={notesId} rows={3} maxLength={10000} value={notes} onChange={(event) => setNotes(event.target.value)} className={fieldClass} />
        <div className="mt-2 flex flex-wrap items-center justify-end gap-3">
          <p role="status" className="text-sm text-muted">
            {outcome}
          </p>
          <Button variant="secondary" size="sm" onClick={save} disabled={saving || notes === (item.investigator_notes ?? "")}>
            {saving && <Spinner />}
            Save notes
          </Button>
        </div>
      </div>
    </section>
  );
}
