/**
 * What the screen shows of the capture queue, mirrored from IndexedDB by the runner (queueRunner.ts). Kept apart so
 * the first page load pays only for these atoms: the runner, IndexedDB and the queue's screens load once needed.
 */
import { atom } from "jotai";
import type { Draft } from "./draft";
import type { RowState } from "./queueState";

export interface QueueRow {
  id: string;
  title: string;
  kind: Draft["kind"];
  /** Note, Photo, Video, Audio or File */
  label: string;
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
}

/** Rows for the queue bar, the panel and the list's top, oldest first. */
export const queueRowsAtom = atom<QueueRow[]>([]);
/** Drafts never sent (left on the details screen, a recording cut short): offered back with Send and Discard. */
export const unsentDraftsAtom = atom<Draft[]>([]);
