import { useEffect, useState, type ReactNode } from "react";
import type { ConsoleItem } from "../../api/console";
import { deleteEvidence, updateEvidence } from "../../api/evidence";
import { useNotify } from "../../state/useNotify";
import { Alert, Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Modal } from "../../ui/Dialog";
import { TextArea, TextField } from "../../ui/Field";
import { DELETE_EVIDENCE_QUESTION } from "../EvidenceDetailDialog";
import { EvidenceMedia } from "../EvidenceMedia";
import { AdminEvidenceFacts } from "./AdminEvidenceFacts";
import { DialogActions } from "./DialogActions";
import { FileFacts } from "./FileFacts";

/**
 * Admin view of one item: player by type, Title/Notes/Location, Edit→Save of title and notes, Delete, and the file's
 * facts. The console opens it as its large viewer, with its triage controls as `panel`, previous/next as
 * `navigation` (in the footer, beside the actions, so both stay in view however tall the photo) and `startEditing`
 * for the e shortcut.
 */
export function AdminEvidenceDialog({
  item,
  onClose,
  onChanged,
  panel,
  navigation,
  startEditing = false,
}: {
  item: ConsoleItem | null;
  onClose: () => void;
  onChanged: () => void;
  panel?: ReactNode;
  navigation?: ReactNode;
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

  // Beside a photo, video or audio player on a laptop the facts take a column of their own; a note reads in one.
  const twoColumns = panel !== undefined && item !== null && item.media_type !== 1 && item.aws_url !== null;
  return (
    <Modal
      open={item !== null}
      onClose={onClose}
      title="Evidence item"
      size={panel ? "xl" : "lg"}
      actions={
        <>
          {navigation && <div className="mr-auto flex flex-wrap items-center gap-2">{navigation}</div>}
          <DialogActions editing={editing} saving={saving} saveLabel="Save" onCancel={() => setEditing(false)} onSave={save}>
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
          </DialogActions>
        </>
      }
    >
      {item && (
        <div className={twoColumns ? "grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" : "space-y-5"}>
          <div className={twoColumns ? "min-w-0 lg:sticky lg:top-0 lg:self-start" : "min-w-0"}>
            <EvidenceMedia item={item} />
          </div>
          <div className="min-w-0 space-y-5">
            {problem && <Alert>{problem}</Alert>}
            {editing ? (
              <div className="space-y-4">
                <TextField label="Title" value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
                <TextArea label="Notes" value={notes} maxLength={10000} onChange={(event) => setNotes(event.target.value)} />
              </div>
            ) : (
              <AdminEvidenceFacts item={item} />
            )}
            {!editing && panel}
            {item.media && <FileFacts key={item.id} media={item.media} />}
          </div>
        </div>
      )}
      <ConfirmDialog open={confirmDelete} message={DELETE_EVIDENCE_QUESTION} onConfirm={remove} onCancel={() => setConfirmDelete(false)} />
    </Modal>
  );
}
