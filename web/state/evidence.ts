import { atom } from "jotai";
import type { Evidence } from "../api/types";

/** The user's own evidence list. */
export const evidenceAtom = atom<Evidence[]>([]);

type EvidenceAction =
  | { type: "replace"; items: Evidence[] }
  | { type: "remove"; id: number }
  | { type: "append"; item: Evidence }
  | { type: "reset" };

export const evidenceActionAtom = atom(null, (get, set, action: EvidenceAction) => {
  const items = get(evidenceAtom);
  switch (action.type) {
    case "replace":
      return set(evidenceAtom, action.items);
    case "remove":
      return set(evidenceAtom, items.filter((item) => item.id !== action.id));
    case "append":
      return set(evidenceAtom, [...items.filter((item) => item.id !== action.item.id), action.item]);
    case "reset":
      return set(evidenceAtom, []);
  }
});

/** Which upload option the red plus button chose. */
export type EvidenceKind = "camera" | "audio" | "notes";
export const evidenceTypeAtom = atom<EvidenceKind>("camera");

/** The media chosen or recorded for the next upload (the first one is used). */
export const mediaAtom = atom<File[]>([]);

/** Clips recorded in the browser during this visit, newest last. */
export const audioListAtom = atom<File[]>([]);
