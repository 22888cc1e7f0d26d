import { atom } from "jotai";
import type { Evidence } from "../api/types";
import { recall, remember } from "./lastSession";
import { userAtom } from "./session";

/** The user's own evidence list, newest (highest id) first, as GET /api/evidence answers it. */
export const evidenceAtom = atom<Evidence[]>([]);

type EvidenceAction =
  | { type: "replace"; items: Evidence[] }
  | { type: "remove"; id: number }
  /** An item the server just confirmed (a sent upload, an edit): in its sorted place, replacing an older copy. */
  | { type: "arrived"; item: Evidence }
  | { type: "reset" };

/** How many items the device keeps for an offline start (the newest; the rest comes with the next fetch). */
const REMEMBERED_ITEMS = 500;

export const evidenceActionAtom = atom(null, (get, set, action: EvidenceAction) => {
  const items = get(evidenceAtom);
  const next = (() => {
    switch (action.type) {
      case "replace":
        return action.items;
      case "remove":
        return items.filter((item) => item.id !== action.id);
      case "arrived":
        return [...items.filter((item) => item.id !== action.item.id), action.item].sort((a, b) => b.id - a.id);
      case "reset":
        return [];
    }
  })();
  set(evidenceAtom, next);
  // Kept on the device with its owner's id, so the list a participant last saw opens offline; logout forgets it.
  const owner = action.type === "reset" ? null : (get(userAtom)?.id ?? null);
  remember("evidence", owner === null ? null : { owner, items: next.slice(0, REMEMBERED_ITEMS) });
});

/** The list this device last showed the user, or [] when it belongs to nobody or someone else. */
export function rememberedEvidence(userId: number): Evidence[] {
  const remembered = recall("evidence");
  return remembered?.owner === userId ? remembered.items : [];
}

/** Which upload option the red plus button chose. */
export type EvidenceKind = "camera" | "audio" | "notes";
export const evidenceTypeAtom = atom<EvidenceKind>("camera");

/** The media chosen or recorded for the next upload (the first one is used). */
export const mediaAtom = atom<File[]>([]);

/** Clips recorded in the browser during this visit, newest last. */
export const audioListAtom = atom<File[]>([]);
