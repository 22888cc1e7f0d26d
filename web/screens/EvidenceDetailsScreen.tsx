import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LocationField } from "../components/LocationField";
import { MediaPreview } from "../components/MediaPreview";
import { Alert, Button, Card, Page, Spinner, TextArea, TextField } from "../components/ui";
import { createNoteDraft } from "../features/uploads/draftActions";
import { discard, enqueue } from "../features/uploads/queueRunner";
import { useDraftEditor } from "../features/uploads/useDraftEditor";
import { mediaAtom } from "../state/evidence";
import { userAtom } from "../state/session";

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

/**
 * Title and notes for a draft. Every change is kept on the phone (a reload finds it); Upload Evidence hands the draft
 * to the queue, which keeps sending while the participant goes on using the app.
 */
export default function EvidenceDetailsScreen() {
  const editor = useDraftEditor(useDraftId());
  const setMedia = useSetAtom(mediaAtom);
  const [, navigate] = useLocation();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState("");

  useEffect(() => {
    if (!uploading) return;
    const timer = setTimeout(() => navigate("/Evidence"), BACK_TO_LIST_MS);
    return () => clearTimeout(timer);
  }, [uploading, navigate]);

  if (editor.state === "loading") return <Page title="Evidence details">{<Spinner label="Loading" />}</Page>;
  if (editor.state === "missing" || (!uploading && editor.draft.status !== "editing"))
    return (
      <Page title="Evidence details">
        <Alert tone="info">
          This item is already on its way, or it was discarded. <Link href="/Evidence">See your evidence</Link>
        </Alert>
      </Page>
    );
  const { draft, file, change, flush } = editor;

  async function upload(event: FormEvent) {
    event.preventDefault();
    setProblem("");
    if (!draft.title.trim()) return setProblem("Please enter a title.");
    setUploading(true);
    await flush();
    await enqueue(draft.id);
    setMedia([]);
  }

  /** Back gives a picked file (still in the phone's gallery) or a note up; a recording exists nowhere else, so it stays a draft. */
  async function back() {
    if (draft.kind !== "recording") await discard(draft.id);
    navigate(draft.kind === "note" ? "/Evidence" : "/evidenceupload");
  }

  return (
    <Page title="Evidence details">
      <Card>
        <form onSubmit={upload} noValidate className="space-y-4">
          {file ? <MediaPreview file={file} /> : <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">Written note: no media attached.</p>}
          <TextField label="Title" required value={draft.title} maxLength={200} onChange={(event) => change({ title: event.target.value })} disabled={uploading} />
          <TextArea label="Notes" value={draft.notes} maxLength={10000} onChange={(event) => change({ notes: event.target.value })} disabled={uploading} />
          <LocationField value={draft.location} onChange={(location) => change({ location })} />
          {problem && <Alert>{problem}</Alert>}
          {uploading && (
            <div className="space-y-1 rounded-lg border border-red-300 bg-red-50 p-3">
              <p className="font-bold text-red-900">DO NOT CLOSE OUT OF THIS SCREEN</p>
              <p className="text-sm text-red-900">It is being handed to the upload queue, which keeps sending while you use the app.</p>
            </div>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="secondary" onClick={back} disabled={uploading} className="sm:flex-1">
              Back
            </Button>
            <Button type="submit" disabled={uploading} className="sm:flex-1">
              {uploading && <Spinner />}
              Upload Evidence
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
