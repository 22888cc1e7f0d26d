import { useAtom } from "jotai";
import { useEffect, useState, type ReactNode } from "react";
import type { ConsoleItem } from "../../../api/console";
import { deleteEvidence, updateEvidence } from "../../../api/evidence";
import { noticeAtom } from "../../../state/notices";
import { useNotify } from "../../../state/useNotify";
import { Alert, Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { Modal } from "../../../ui/Dialog";
import { TextArea, TextField } from "../../../ui/Field";
import { deleteEvidenceQuestion } from "../../evidence/EvidenceDetailDialog";
import { EvidenceMedia } from "../../evidence/EvidenceMedia";
import { AdminEvidenceFacts } from "./AdminEvidenceFacts";
import { useDraft } from "../hooks/useDraft";
import { t } from "../../i18n/i18n";
import { DialogActions } from "./DialogActions";
import { FileFacts } from "./FileFacts";

/** An error raised while the dialog is open (e.g. a failed review) shows inside it, not hidden under it. */
function ViewerNotice() {
  const [notice, setNotice] = useAtom(noticeAtom);
  if (!notice || notice.tone !== "error") return null;
  return <Alert onDismiss={() => setNotice(null)}>{notice.text}</Alert>;
}

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
  gone = false,
}: {
  item: ConsoleItem | null;
  onClose: () => void;
  /** After an edit (with the saved item) or a delete. */
  onChanged: (saved?: ConsoleItem) => void;
  panel?: ReactNode;
  navigation?: ReactNode;
  startEditing?: boolean;
  /** Deleted elsewhere while open: said so, and nothing more can be done to it. */
  gone?: boolean;
}) {
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  // Typed titles and notes are drafts (per item, kept across arrivals, moves and reloads) until saved or cancelled.
  const title = useDraft(item?.id ?? 0, "title", item?.title ?? "");
  const notes = useDraft(item?.id ?? 0, "notes", item?.notes ?? "");
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState("");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const hasDraft = title.dirty || notes.dirty;

  useEffect(() => {
    setEditing(startEditing || hasDraft);
    setProblem("");
    // A draft reopens the form; whether one exists is read once per item, not on every key.
  }, [item?.id, startEditing]);

  function cancel() {
    title.settle(item?.title ?? "");
    notes.settle(item?.notes ?? "");
    setEditing(false);
  }

  async function save() {
    if (!item) return;
    if (!title.text.trim()) return setProblem(t("evidence.title_missing"));
    const payload = new FormData();
    payload.set("title", title.text.trim());
    payload.set("notes", notes.text);
    setSaving(true);
    try {
      const saved = await updateEvidence(item.id, payload);
      title.settle(saved.title);
      notes.settle(saved.notes ?? "");
      setEditing(false);
      onChanged({ ...item, ...saved });
      onClose();
    } catch (error) {
      console.error("Evidence update failed", error);
      setProblem(t("console.viewer.save_failed"));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!item) return;
    try {
      await deleteEvidence(item.id);
      notify(t("evidence.deleted"), "success");
    } catch (error) {
      console.error("Evidence delete failed", error);
      notify(t("evidence.delete_failed"));
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
      title={t("console.viewer.title")}
      size={panel ? "xl" : "lg"}
      actions={
        <>
          {navigation && <div className="me-auto flex flex-wrap items-center gap-2 max-sm:w-full">{navigation}</div>}
          {!gone && (
            <DialogActions editing={editing} saving={saving} saveLabel={t("common.save")} onCancel={cancel} onSave={save}>
              {/* Quiet: on a phone the triage bar is what the thumb should find first. */}
              <Button variant="ghost" className="text-red-800" onClick={() => setConfirmDelete(true)}>
                {t("evidence.delete")}
              </Button>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t("evidence.edit")}
              </Button>
            </DialogActions>
          )}
        </>
      }
    >
      {item && (
        <div className={twoColumns ? "grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" : "space-y-5"}>
          {/* On a phone the media takes at most half the height: the facts and triage start on the first screen. */}
          <div className={`min-w-0 max-sm:[&_img]:max-h-[45dvh] max-sm:[&_video]:max-h-[45dvh] ${twoColumns ? "lg:sticky lg:top-0 lg:self-start" : ""}`}>
            <EvidenceMedia item={item} />
          </div>
          <div className="min-w-0 space-y-5">
            {gone && <Alert>{t("console.viewer.gone")}</Alert>}
            <ViewerNotice />
            {problem && <Alert>{problem}</Alert>}
            {editing && !gone ? (
              <div className="space-y-4">
                <TextField label={t("evidence.title")} dir="auto" value={title.text} maxLength={200} onChange={(event) => title.setText(event.target.value)} />
                <TextArea label={t("evidence.notes")} dir="auto" value={notes.text} maxLength={10000} onChange={(event) => notes.setText(event.target.value)} />
              </div>
            ) : (
              <AdminEvidenceFacts item={item} />
            )}
            {!editing && !gone && panel}
            {item.media && <FileFacts key={item.id} media={item.media} />}
          </div>
        </div>
      )}
      <ConfirmDialog open={confirmDelete} message={deleteEvidenceQuestion()} onConfirm={remove} onCancel={() => setConfirmDelete(false)} />
    </Modal>
  );
}
