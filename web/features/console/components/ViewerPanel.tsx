import { useEffect, useId, useState } from "react";
import { REVIEW_STATUSES, type ConsoleItem, type ReviewStatus } from "../../../api/console";
import { Button, Spinner } from "../../../ui/Button";
import { Face } from "../../../ui/Face";
import { formatDuration, REVIEW_BADGE } from "./ConsoleTable";

/** The console's part of the large viewer: position with previous/next, review state, investigator notes. */
export function ViewerPanel({
  item,
  position,
  total,
  onPrevious,
  onNext,
  onReview,
  onSaveNotes,
}: {
  item: ConsoleItem;
  position: number;
  total: number;
  onPrevious: () => void;
  onNext: () => void;
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
  const name = item.full_name || item.username || `#${item.user_id}`;
  async function save() {
    setSaving(true);
    try {
      setOutcome((await onSaveNotes(notes)) ? "Investigator notes saved." : "Could not save the investigator notes.");
    } finally {
      setSaving(false);
    }
  }
  return (
    <section aria-label="Triage" className="space-y-3 rounded-lg bg-gray-50 p-3 ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={onPrevious} disabled={position <= 1}>
          ← Previous
        </Button>
        <p className="text-sm text-gray-800 tabular-nums" aria-live="polite">
          Item {position} of {total}
        </p>
        <Button variant="secondary" onClick={onNext} disabled={position >= total}>
          Next →
        </Button>
        <div className="ml-auto flex items-center gap-2 text-sm">
          <Face url={item.verification_photo_url} name={name} />
          <span className="font-medium break-words">{name}</span>
          {item.duration_ms != null && <span className="text-gray-700">· {formatDuration(item.duration_ms)}</span>}
        </div>
      </div>
      <div role="group" aria-label="Review state" className="flex flex-wrap gap-2">
        {REVIEW_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={(item.review_status ?? "new") === status}
            onClick={() => onReview(status)}
            className="min-h-11 rounded-lg px-3 text-sm font-semibold ring-1 ring-gray-400 hover:bg-white focus-visible:outline-2 focus-visible:outline-blue-700 aria-pressed:bg-gray-900 aria-pressed:text-white"
          >
            {REVIEW_BADGE[status]}
          </button>
        ))}
      </div>
      <div>
        <label htmlFor={notesId} className="block text-sm font-semibold text-gray-800">
          Investigator notes (admins only)
        </label>
        <textarea id={notesId} rows={3} maxLength={10000} value={notes} onChange={(event) => setNotes(event.target.value)} className="mt-1 block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-sm" />
        <div className="mt-2 flex items-center justify-end gap-3">
          <p role="status" className="text-sm text-gray-800">
            {outcome}
          </p>
          <Button variant="secondary" onClick={save} disabled={saving || notes === (item.investigator_notes ?? "")}>
            {saving && <Spinner />}
            Save notes
          </Button>
        </div>
      </div>
    </section>
  );
}
