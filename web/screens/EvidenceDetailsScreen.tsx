import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LocationField } from "../ui/LocationField";
import { MediaPreview } from "../features/evidence/MediaPreview";
import { createNoteDraft } from "../features/uploads/draftActions";
import { discard, enqueue } from "../features/uploads/queueRunner";
import { useDraftEditor } from "../features/uploads/useDraftEditor";
import { formatDuration } from "../lib/format";
import { mediaAtom } from "../state/evidence";
import { userAtom } from "../state/session";
import { Alert, Button, Spinner } from "../ui/Button";
import { TextArea, TextField } from "../ui/Field";
import { Icon } from "../ui/Icon";
import { Card, Page } from "../ui/Layout";
import { LoadingState } from "../ui/States";
import { t } from "../features/i18n/i18n";
import { fileKindLabel } from "../lib/mediaTypes";

const BACK_TO_LIST_MS = 2000;

/** Without a draft in the address (the notes option, or an old link): a new note draft, put in the address at once. */
function useDraftId() {
  const draftId = new URLSearchParams(useSearch()).get("draft");
  const userId = useAtomValue(userAtom)?.id;
  const [, navigate] = useLocation();
  useEffect(() => {
    if (draftId || userId === undefined) return;
    createNoteDraft(userId).then(
      (draft) => navigate(`/evidence-details?draft=${draft.id}`, { replace: true }),
      (error) => console.error("The note could not be kept on this phone", error),
    );
  }, [draftId, userId, navigate]);
  return draftId;
}

/** The chosen or recorded media in a dark frame, with its kind and (for video and audio) its length. */
function PreviewFrame({ file, durationMs }: { file: File; durationMs: number | null | undefined }) {
  const audio = file.type.startsWith("audio/");
  return (
    <figure className="surface-dark overflow-hidden rounded-card bg-ink-950 p-3 text-ink-100 shadow-lift">
      <div className={`flex min-h-40 flex-col items-center justify-center gap-4 ${audio ? "px-2 py-6" : ""}`}>
        {audio && (
          <span className="flex size-16 items-center justify-center rounded-full bg-accent text-on-accent">
            <Icon name="mic" className="size-8" />
          </span>
        )}
        <MediaPreview file={file} />
      </div>
      <figcaption className="mt-3 flex items-center justify-between gap-3 border-t border-ink-700 px-1 pt-3 text-sm">
        <span className="font-semibold tracking-wide uppercase">{fileKindLabel(file.type)}</span>
        {durationMs ? (
          <span data-testid="preview-duration" className="flex items-center gap-1.5 tabular-nums">
            <Icon name="clock" className="size-4" />
            <span className="sr-only">{t("details.length")}</span>
            {formatDuration(durationMs)}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/**
 * Title and notes for a draft. Every change is kept on the phone (a reload finds it); Upload Evidence hands the draft
 * to the queue, which keeps sending while the participant goes on using the app.
 */
export default function EvidenceDetailsScreen() {
  const editor = useDraftEditor(useDraftId());
  const setMedia = useSetAtom(mediaAtom);
  const [, navigate] = useLocation();
  const [uploading, setUploading] = useState(false);
  /** The draft is in the queue (kept on the phone, sending on its own): leaving loses nothing from here on. */
  const [handedOver, setHandedOver] = useState(false);
  const [titleProblem, setTitleProblem] = useState("");

  useEffect(() => {
    if (!uploading) return;
    const timer = setTimeout(() => navigate("/Evidence"), BACK_TO_LIST_MS);
    return () => clearTimeout(timer);
  }, [uploading, navigate]);

  if (editor.state === "loading")
    return (
      <Page title={t("details.title")}>
        <LoadingState label={t("common.loading")} />
      </Page>
    );
  if (editor.state === "missing" || (!uploading && editor.draft.status !== "editing"))
    return (
      <Page title={t("details.title")}>
        <Alert tone="info">
          {t("details.gone")}{" "}
          <Link href="/Evidence" className="underline underline-offset-4">
            {t("details.see_evidence")}
          </Link>
        </Alert>
      </Page>
    );
  const { draft, file, change, flush } = editor;

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!draft.title.trim()) return setTitleProblem(t("details.title_missing"));
    setTitleProblem("");
    setUploading(true);
    await flush();
    await enqueue(draft.id);
    setHandedOver(true);
    setMedia([]);
  }

  /** Back gives a picked file (still in the phone's gallery) or a note up; a recording exists nowhere else, so it stays a draft. */
  async function back() {
    if (draft.kind !== "recording") await discard(draft.id);
    navigate(draft.kind === "note" ? "/Evidence" : "/evidenceupload");
  }

  const form = (
    <Card>
      <form onSubmit={upload} noValidate className="space-y-5">
        {!file && (
          <p className="flex items-center gap-3 rounded-lg bg-paper-deep px-4 py-3 text-sm text-ink-800">
            <Icon name="note" className="size-5 shrink-0" />
            {t("details.note_only")}
          </p>
        )}
        <TextField
          label={t("evidence.title")}
          dir="auto"
          required
          value={draft.title}
          maxLength={200}
          error={titleProblem}
          onChange={(event) => {
            change({ title: event.target.value });
            if (event.target.value.trim()) setTitleProblem("");
          }}
          disabled={uploading}
        />
        <TextArea label={t("evidence.notes")} dir="auto" value={draft.notes} maxLength={10000} onChange={(event) => change({ notes: event.target.value })} disabled={uploading} />
        <LocationField value={draft.location} onChange={(location) => change({ location })} disabled={uploading} />
        {uploading && (
          <div role="status" className={`rounded-lg border-s-4 px-4 py-3 ${handedOver ? "border-emerald-800 bg-emerald-50" : "border-accent bg-accent/10"}`}>
            <p className="font-semibold tracking-wide text-ink-950">{t(handedOver ? "details.can_leave" : "details.do_not_close")}</p>
            <p className="mt-1 text-sm text-ink-800">{t(handedOver ? "details.in_queue" : "details.handing_over")}</p>
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <Button variant="ghost" size="lg" onClick={back} disabled={uploading}>
            {t("details.back")}
          </Button>
          <Button type="submit" variant="accent" size="lg" disabled={uploading} className="sm:min-w-56">
            {uploading ? <Spinner /> : <Icon name="upload" className="size-5" />}
            {t("details.upload")}
          </Button>
        </div>
      </form>
    </Card>
  );

  return (
    <Page title={t("details.title")} wide={!!file}>
      {file ? (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="lg:sticky lg:top-6">
            <PreviewFrame file={file} durationMs={draft.durationMs} />
          </div>
          {form}
        </div>
      ) : (
        form
      )}
    </Page>
  );
}
