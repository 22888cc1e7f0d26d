import { useAtom, useSetAtom } from "jotai";
import { useEffect, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { createEvidence, listOwnEvidence } from "../api/evidence";
import { LocationField } from "../components/LocationField";
import { MediaPreview } from "../components/MediaPreview";
import { Alert, Button, Card, Page, Spinner, TextArea, TextField } from "../components/ui";
import { UploadProgress } from "../components/UploadProgress";
import { makeThumbnail, thumbnailFileName } from "../lib/thumbnail";
import { evidenceActionAtom, mediaAtom } from "../state/evidence";

const DEFAULT_TITLE = "Supporting Evidence";
const BACK_TO_LIST_MS = 2000;

export default function EvidenceDetailsScreen() {
  const [media, setMedia] = useAtom(mediaAtom);
  const dispatch = useSetAtom(evidenceActionAtom);
  const [, navigate] = useLocation();
  const [title, setTitle] = useState(DEFAULT_TITLE);
  const [notes, setNotes] = useState("");
  const [location, setLocation] = useState("");
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState({ loaded: 0, total: 0 });
  const [problem, setProblem] = useState("");
  const [done, setDone] = useState(false);
  const [file] = useState(() => media[0] ?? null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/Evidence"), BACK_TO_LIST_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function upload(event: FormEvent) {
    event.preventDefault();
    setProblem("");
    if (!title.trim()) return setProblem("Please enter a title.");
    setUploading(true);
    const payload = new FormData();
    payload.set("title", title.trim());
    payload.set("notes", notes);
    if (location) payload.set("location", location);
    if (file) {
      const thumbnail = await makeThumbnail(file);
      if (thumbnail) payload.set("thumbnail", thumbnail, thumbnailFileName(thumbnail));
      payload.set("file", file, file.name);
    }
    setProgress({ loaded: 0, total: file?.size ?? 0 });
    try {
      const created = await createEvidence(payload, setProgress);
      dispatch({ type: "append", item: created });
      setMedia([]);
      setDone(true);
      listOwnEvidence().then((items) => dispatch({ type: "replace", items }), (error) => console.error("Evidence fetch failed", error));
    } catch (error) {
      console.error("Evidence entry failed", error);
      setUploading(false);
      setProblem(`The upload did not go through${error instanceof Error && error.message ? `: ${error.message}` : "."} Please try again.`);
    }
  }

  return (
    <Page title="Evidence details">
      <Card>
        <form onSubmit={upload} noValidate className="space-y-4">
          {file ? <MediaPreview file={file} /> : <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">Written note: no media attached.</p>}
          <TextField label="Title" required value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} disabled={uploading} />
          <TextArea label="Notes" value={notes} maxLength={10000} onChange={(event) => setNotes(event.target.value)} disabled={uploading} />
          <LocationField value={location} onChange={setLocation} />
          {problem && <Alert>{problem}</Alert>}
          {uploading && (
            <div className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-3">
              <p className="font-bold text-red-900">DO NOT CLOSE OUT OF THIS SCREEN</p>
              {file && <UploadProgress loaded={progress.loaded} total={progress.total} />}
            </div>
          )}
          {done && <Alert tone="success">Evidence uploaded. Taking you back to your evidence…</Alert>}
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="secondary" onClick={() => navigate(file ? "/evidenceupload" : "/Evidence")} disabled={uploading} className="sm:flex-1">
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
