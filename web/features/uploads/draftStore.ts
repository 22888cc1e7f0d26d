/**
 * The one module that touches IndexedDB. Three stores: `drafts` (the text and state, rewritten on each keystroke),
 * `files` (the chosen or recorded file, written once) and `chunks` (a recording's time slices, appended as they
 * arrive so a crash loses at most one slice).
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { Draft } from "./draft";

interface CaptureDB extends DBSchema {
  drafts: { key: string; value: Draft };
  files: { key: string; value: Blob };
  chunks: { key: [string, number]; value: Blob };
}

let database: Promise<IDBPDatabase<CaptureDB>> | null = null;
function db() {
  database ??= openDB<CaptureDB>("casefile-capture", 1, {
    upgrade(upgrade) {
      upgrade.createObjectStore("drafts", { keyPath: "id" });
      upgrade.createObjectStore("files");
      upgrade.createObjectStore("chunks");
    },
    terminated() {
      database = null;
    },
  });
  return database;
}

export async function listDrafts(ownerId: number): Promise<Draft[]> {
  const all = await (await db()).getAll("drafts");
  return all.filter((draft) => draft.ownerId === ownerId).sort((a, b) => a.createdAt - b.createdAt);
}

export async function getDraft(id: string): Promise<Draft | undefined> {
  return (await db()).get("drafts", id);
}

export async function putDraft(draft: Draft): Promise<void> {
  await (await db()).put("drafts", draft);
}

/** Changes some fields of a stored draft; a draft already gone (sent or discarded) stays gone. */
export async function patchDraft(id: string, change: Partial<Draft>): Promise<Draft | undefined> {
  const tx = (await db()).transaction("drafts", "readwrite");
  const current = await tx.store.get(id);
  const next = current && { ...current, ...change, id };
  if (next) await tx.store.put(next);
  await tx.done;
  return next;
}

/** A new draft and its file in one transaction: either both are kept or neither. */
export async function createDraftWithFile(draft: Draft, file: Blob): Promise<void> {
  const tx = (await db()).transaction(["drafts", "files"], "readwrite");
  await Promise.all([tx.objectStore("drafts").put(draft), tx.objectStore("files").put(file, draft.id), tx.done]);
}

export async function appendChunk(id: string, index: number, chunk: Blob): Promise<void> {
  await (await db()).put("chunks", chunk, [id, index]);
}

/** The draft's file: the stored one, or the recording put together from its slices (a recording cut short too). */
export async function loadFile(draft: Draft): Promise<File | null> {
  const store = await db();
  const stored = await store.get("files", draft.id);
  const parts = stored ? [stored] : await store.getAll("chunks", IDBKeyRange.bound([draft.id, 0], [draft.id, Infinity]));
  if (!parts.length) return null;
  return new File(parts, draft.fileName || "evidence", { type: draft.fileType || parts[0]!.type });
}

/** Forgets the draft, its file and its slices. */
export async function deleteDraft(id: string): Promise<void> {
  const tx = (await db()).transaction(["drafts", "files", "chunks"], "readwrite");
  await Promise.all([
    tx.objectStore("drafts").delete(id),
    tx.objectStore("files").delete(id),
    tx.objectStore("chunks").delete(IDBKeyRange.bound([id, 0], [id, Infinity])),
    tx.done,
  ]);
}
