/**
 * What the screen shows of the capture queue, mirrored from IndexedDB by the runner (queueRunner.ts). Kept apart so
 * the first page load pays only for these atoms: the runner, IndexedDB and the queue's screens load once needed.
 */
import { atom } from "jotai";
import type { MediaType } from "../../api/types";
import type { Draft } from "./draft";
import type { RowState } from "./queueState";

export interface QueueRow {
  id: string;
  title: string;
  kind: Draft["kind"];
  /** The file's type ("video/mp4"; "" for a note): its kind is worded when shown (kindLabel in QueueRowParts.tsx). */
  fileType: string;
  /** The kind the item will be (for the list's filter), null for a file of no known kind. */
  mediaType: MediaType | null;
  /** The picture the phone made of it, shown on its card while it is on its way. */
  thumbnail: Blob | null;
  state: RowState;
  sent: number;
  total: number;
  /** Bytes per second the server confirmed lately, and the time left once that is stable. */
  speed: number | null;
  secondsLeft: number | null;
  /** Sending, but nothing confirmed for a while: "Slow connection" instead of a speed that no longer holds. */
  slow: boolean;
  /** The server's words for a refusal. */
  message: string;
  /** true when the server's SHA-256 equals the browser's; null for notes or when the browser could not hash. */
  intact: boolean | null;
  /** The item the server made of it, once done: the list marks that item's card with the receipt. */
  itemId: number | null;
}

/** Rows for the queue bar, the panel and the list's top, oldest first. */
export const queueRowsAtom = atom<QueueRow[]>([]);
/** Drafts never sent (left on the details screen, a recording cut short): offered back with Send and Discard. */
export const unsentDraftsAtom = atom<Draft[]>([]);
