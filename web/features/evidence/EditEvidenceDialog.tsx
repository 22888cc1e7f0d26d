import { useEffect, useId, useState, type FormEvent } from "react";
import { updateEvidence } from "../../api/evidence";
import type { Evidence } from "../../api/types";
import { ACCEPT_BY_TYPE, KIND_KEYS } from "../../lib/mediaTypes";
import { makeThumbnail, thumbnailFileName } from "../../lib/thumbnail";
import { Alert, Button, Spinner } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { MediaPreview } from "./MediaPreview";
import { TextArea, TextField } from "../../ui/Field";
import { FilePicker } from "../../ui/FilePicker";
import { t } from "../i18n/i18n";

/**
 * 'Edit Item': optional replacement file of the same kind, Title, Notes, Cancel/Save. Backdrop clicks and Escape do
 * nothing (the spec); the close button and the phone's Back button act as Cancel.
 */
export function EditEvidenceDialog({
  item,
  onCancel,
  onSaved,
}: {
  item: Evidence | null;
  onCancel: () => void;
  onSaved: (item: Evidence) => void;
}) {
  const formId = useId();
  const [title, setTitle] = useState("");
  const [notes, setNotes] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [titleError, setTitleError] = useState("");
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setTitle(item?.title ?? "");
    setNotes(item?.notes ?? "");
    setFile(null);
    setTitleError("");
    setProblem("");
  }, [item]);
  const accept = item ? ACCEPT_BY_TYPE[item.media_type] : undefined;
  const kind = item ? KIND_KEYS[item.media_type] : "other";

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!item) return;
    if (!title.trim()) return setTitleError(t("evidence.title_missing"));
    setSaving(true);
    setProblem("");
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
      const reason = error instanceof Error && error.message ? error.message : t("evidence.please_try_again");
      setProblem(t("evidence.edit_failed", { reason }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={item !== null}
      onClose={saving ? () => {} : onCancel}
      dismissible={false}
      closable
      title={t("evidence.edit_title")}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={saving}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            {saving && <Spinner />}
            {t("common.save")}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={save} noValidate className="space-y-5">
        {problem && <Alert>{problem}</Alert>}
        {accept && (
          <FilePicker
            label={t("evidence.replace_label", { kind })}
            accept={accept}
            onFiles={([first]) => setFile(first ?? null)}
            chosen={file?.name}
            hint={t("evidence.replace_hint", { kind })}
          />
        )}
        {file && <MediaPreview file={file} />}
        <TextField
          label={t("evidence.title")}
          dir="auto"
          required
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            setTitleError("");
          }}
          maxLength={200}
          error={titleError}
        />
        <TextArea label={t("evidence.notes")} dir="auto" value={notes} onChange={(event) => setNotes(event.target.value)} maxLength={10000} rows={6} />
      </form>
    </Modal>
  );
}
