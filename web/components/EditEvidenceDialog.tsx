import { useEffect, useState, type FormEvent } from "react";
import { updateEvidence } from "../api/evidence";
import type { Evidence } from "../api/types";
import { ACCEPT_BY_TYPE } from "../lib/mediaTypes";
import { makeThumbnail, thumbnailFileName } from "../lib/thumbnail";
import { Modal } from "../ui/Dialog";
import { Alert, Button, Spinner, TextArea, TextField } from "./ui";

/** 'Edit Item': optional replacement file of the same kind, Title, Notes. Not dismissible by backdrop or Escape. */
export function EditEvidenceDialog({
  item,
  onCancel,
  onSaved,
}: {
  item: Evidence | null;
  onCancel: () => void;
  onSaved: (item: Evidence) => void;
}) {
  const [title, setTitle] = useState("");
  const [notes, setNotes] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setTitle(item?.title ?? "");
    setNotes(item?.notes ?? "");
    setFile(null);
    setProblem("");
  }, [item]);
  const accept = item ? ACCEPT_BY_TYPE[item.media_type] : undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!item) return;
    if (!title.trim()) return setProblem("Please give the evidence a title.");
    setSaving(true);
    const payload = new FormData();
    payload.set("title", title.trim());
    payload.set("notes", notes);
    if (file) {
      payload.set("file", file);
      const thumbnail = await makeThumbnail(file);
      if (thumbnail) payload.set("thumbnail", thumbnail, thumbnailFileName(thumbnail));
    }
    try {
      onSaved(await updateEvidence(item.id, payload));
    } catch (error) {
      console.error("Evidence update failed", error);
      setProblem(error instanceof Error && error.message ? `Could not save: ${error.message}` : "Could not save the changes.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open={item !== null} onClose={onCancel} dismissible={false} title="Edit Item">
      <form onSubmit={save} noValidate className="space-y-4">
        {problem && <Alert>{problem}</Alert>}
        {accept && (
          <TextField
            label="Replacement file (optional)"
            type="file"
            accept={accept}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-gray-200 file:px-3 file:py-2 file:font-semibold"
          />
        )}
        <TextField label="Title" required value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} />
        <TextArea label="Notes" value={notes} onChange={(event) => setNotes(event.target.value)} maxLength={10000} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving && <Spinner />}
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
