import { useEffect, useState, type ReactNode } from "react";
import { deleteEvidence, updateEvidence } from "../../api/evidence";
import type { Evidence } from "../../api/types";
import { useNotify } from "../../state/useNotify";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { DELETE_EVIDENCE_QUESTION } from "../EvidenceDetailDialog";
import { EvidenceFacts } from "../EvidenceFacts";
import { EvidenceMedia } from "../EvidenceMedia";
import { Modal } from "../../ui/Dialog";
import { Alert, Button, TextArea, TextField } from "../ui";
import { DialogActions } from "./DialogActions";

/**
 * Admin view of one item: player by type, Title/Notes/Location, Edit→Save of title and notes, Delete. The console
 * opens it as its large viewer, with its triage controls as `panel` and `startEditing` for the e shortcut.
 */
export function AdminEvidenceDialog({
  item,
  onClose,
  onChanged,
  panel,
  startEditing = false,
}: {
  item: Evidence | null;
  onClose: () => void;
  onChanged: () => void;
  panel?: ReactNode;
  startEditing?: boolean;
}) {
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState("");
  const [notes, setNotes] = useState("");
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    setEditing(startEditing);
    setProblem("");
    setTitle(item?.title ?? "");
    setNotes(item?.notes ?? "");
  }, [item?.id, item?.title, item?.notes, startEditing]);

  async function save() {
    if (!item) return;
    if (!title.trim()) return setProblem("Please give the evidence a title.");
    const payload = new FormData();
    payload.set("title", title.trim());
    payload.set("notes", notes);
    setSaving(true);
    try {
      await updateEvidence(item.id, payload);
      onChanged();
      onClose();
    } catch (error) {
      console.error("Evidence update failed", error);
      setProblem("Could not save the changes.");
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!item) return;
    try {
      await deleteEvidence(item.id);
      notify("Evidence deleted successfully!", "success");
    } catch (error) {
      console.error("Evidence delete failed", error);
      notify("Could not delete evidence!");
    }
    setConfirmDelete(false);
    onClose();
    onChanged();
  }

  return (
    <Modal open={item !== null} onClose={onClose} title="Evidence item" size={panel ? "xl" : "lg"}>
      {item && (
        <div className="space-y-4">
          <EvidenceMedia item={item} />
          {problem && <Alert>{problem}</Alert>}
          {editing ? (
            <div className="space-y-3">
              <TextField label="Title" value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
              <TextArea label="Notes" value={notes} maxLength={10000} onChange={(event) => setNotes(event.target.value)} />
            </div>
          ) : (
            <EvidenceFacts item={item} showSubmitter technical />
          )}
          {!editing && panel}
          <DialogActions editing={editing} saving={saving} saveLabel="Save" onCancel={() => setEditing(false)} onSave={save} onClose={onClose}>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </DialogActions>
        </div>
      )}
      <ConfirmDialog open={confirmDelete} message={DELETE_EVIDENCE_QUESTION} onConfirm={remove} onCancel={() => setConfirmDelete(false)} />
    </Modal>
  );
}
