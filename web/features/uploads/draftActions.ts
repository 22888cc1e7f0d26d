/** Creating drafts the moment something exists: a file picked, a note opened, a recording started. */
import { makeThumbnail } from "../../lib/thumbnail";
import { newDraft, type Draft } from "./draft";
import { appendChunk, createDraftWithFile, deleteDraft, patchDraft, putDraft } from "./draftStore";

/**
 * Keeps the picked file at once, with its playing time measured beforehand; its thumbnail follows when made (a reload
 * before then makes it again).
 */
export async function createFileDraft(ownerId: number, file: File, durationMs: number | null = null): Promise<Draft> {
  const draft = newDraft(ownerId, "file", file, durationMs);
  await createDraftWithFile(draft, file);
  void addThumbnail(draft.id, file);
  return draft;
}

export async function addThumbnail(id: string, file: File) {
  const thumbnail = await makeThumbnail(file);
  if (thumbnail) await patchDraft(id, { thumbnail });
}

export async function createNoteDraft(ownerId: number): Promise<Draft> {
  const draft = newDraft(ownerId, "note");
  await putDraft(draft);
  return draft;
}

/**
 * A recording as it happens: each time slice of MediaRecorder is stored as it arrives, so a crash or a locked phone
 * loses at most one slice; what was stored stays a draft (status "recording") to be finished or discarded on return.
 * Each slice comes with the recorder's clock, kept as the draft's duration: MediaRecorder's WebM states none.
 */
export function recordingSink(ownerId: number, mimeType: string) {
  const type = (mimeType || "audio/webm").split(";")[0]!;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const draft = newDraft(ownerId, "recording", { name: `recording-${stamp}.${type === "audio/mp4" ? "m4a" : "webm"}`, type, size: 0 });
  const created = putDraft(draft);
  let index = 0;
  let size = 0;
  let writes: Promise<unknown> = created;
  return {
    id: draft.id,
    /** Chunks are written in order, one after another. */
    append(chunk: Blob, elapsedMs: number) {
      const at = index++;
      size += chunk.size;
      const total = size;
      writes = writes
        .then(() => appendChunk(draft.id, at, chunk))
        .then(() => patchDraft(draft.id, { fileSize: total, durationMs: elapsedMs }))
        .catch((error) => console.error("A slice of the recording could not be kept", error));
      return writes;
    },
    /** The last slice is in: the recording becomes an ordinary draft for the details screen. */
    async finish(durationMs: number) {
      await writes;
      await patchDraft(draft.id, { status: "editing", fileSize: size, durationMs });
      return draft.id;
    },
    /** The participant pressed Discard: the slices kept so far go too. */
    async discard() {
      await writes;
      await deleteDraft(draft.id);
    },
  };
}
