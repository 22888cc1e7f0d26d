import { useCallback, useEffect, useRef, useState } from "react";
import type { Draft } from "./draft";
import { addThumbnail } from "./draftActions";
import { getDraft, loadFile, patchDraft } from "./draftStore";

/** Keystrokes are saved this long after the last one (and at once when the page is hidden or left). */
const SAVE_DELAY_MS = 300;

type Fields = Pick<Draft, "title" | "notes" | "location">;
export type DraftEditor =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "ready"; draft: Draft; file: File | null; change(fields: Partial<Fields>): void; flush(): Promise<void> };

/** The details screen's draft: read from IndexedDB (so a reload finds it), every change saved after a short pause. */
export function useDraftEditor(id: string | null): DraftEditor {
  const [draft, setDraft] = useState<Draft | null | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const pending = useRef<Partial<Fields>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    setDraft(undefined);
    if (!id) return;
    (async () => {
      const found = (await getDraft(id)) ?? null;
      const stored = found && found.kind !== "note" ? await loadFile(found) : null;
      if (!live) return;
      setDraft(found);
      setFile(stored);
      // A reload before the thumbnail was made: make it now.
      if (found && stored && !found.thumbnail) void addThumbnail(found.id, stored);
    })().catch((error) => {
      console.error("The draft could not be read", error);
      if (live) setDraft(null);
    });
    return () => {
      live = false;
    };
  }, [id]);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const fields = pending.current;
    pending.current = {};
    if (id && Object.keys(fields).length) await patchDraft(id, fields);
  }, [id]);

  const change = useCallback(
    (fields: Partial<Fields>) => {
      setDraft((current) => current && { ...current, ...fields });
      pending.current = { ...pending.current, ...fields };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const saveNow = () => void flush();
    const onHidden = () => document.visibilityState === "hidden" && saveNow();
    window.addEventListener("pagehide", saveNow);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", saveNow);
      document.removeEventListener("visibilitychange", onHidden);
      saveNow();
    };
  }, [flush]);

  if (draft === undefined) return { state: id ? "loading" : "missing" };
  if (draft === null) return { state: "missing" };
  return { state: "ready", draft, file, change, flush };
}
