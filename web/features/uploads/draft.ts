import { t } from "../i18n/i18n";
/**
 * A draft: what the participant chose or recorded, with its text, kept in IndexedDB from the moment it exists until
 * the server confirms the item. The file itself is stored apart (draftStore.ts) so a keystroke never rewrites it.
 */
export type DraftKind = "note" | "file" | "recording";

/**
 * editing: on the details screen, not yet sent; recording: chunks still arriving; queued: the participant pressed
 * Upload Evidence and the queue owns it; failed: the server refused it (its message kept); paused: the participant
 * stopped it. A draft is deleted, not marked, once the server confirms the item.
 */
export type DraftStatus = "recording" | "editing" | "queued" | "paused" | "failed";

export interface Draft {
  id: string;
  ownerId: number;
  kind: DraftKind;
  status: DraftStatus;
  createdAt: number;
  title: string;
  notes: string;
  location: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  thumbnail: Blob | null;
  /** The tus upload's URL once the server created it: resuming starts from there. */
  uploadUrl: string | null;
  /**
   * A video's or audio's playing time as the browser measured it (the recorder's own clock for a recording), sent as
   * `duration_ms`. Null when unknown, and absent from drafts kept before it existed.
   */
  durationMs?: number | null;
  /** The browser's SHA-256 of the file (hex), kept once computed. */
  sha256: string | null;
  /** The server's words when it refused the item. */
  problem: string;
}

/** The spec's default title ('Supporting Evidence'), in the active language. */
export const defaultTitle = () => t("upload.default_title");

export function newDraft(ownerId: number, kind: DraftKind, file?: { name: string; type: string; size: number }, durationMs: number | null = null): Draft {
  return {
    id: crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    ownerId,
    kind,
    status: kind === "recording" ? "recording" : "editing",
    createdAt: Date.now(),
    title: defaultTitle(),
    notes: "",
    location: "",
    fileName: file?.name ?? "",
    fileType: file?.type ?? "",
    fileSize: file?.size ?? 0,
    thumbnail: null,
    durationMs,
    uploadUrl: null,
    sha256: null,
    problem: "",
  };
}

/** A note nobody wrote in is not worth keeping or offering back. */
export function isEmptyNote(draft: Draft) {
  return draft.kind === "note" && !draft.notes.trim() && !draft.location && draft.title === defaultTitle();
}

/** Drafts the participant never sent: offered back on return, with Send and Discard. */
export function isUnsent(draft: Draft) {
  return (draft.status === "editing" || draft.status === "recording") && !isEmptyNote(draft);
}

/** The last path segment of the tus upload URL: what `POST /api/evidence` takes as `upload`. */
export function uploadIdOf(uploadUrl: string) {
  return new URL(uploadUrl, "http://x").pathname.split("/").filter(Boolean).pop() ?? "";
}

/** What the server takes as `duration_ms`: whole milliseconds from 1 to 24 hours; anything else is not sent. */
export const MAX_DURATION_MS = 86_400_000;
export function durationField(durationMs: number | null | undefined): string | null {
  if (typeof durationMs !== "number" || !Number.isFinite(durationMs)) return null;
  const whole = Math.round(durationMs);
  return whole >= 1 && whole <= MAX_DURATION_MS ? String(whole) : null;
}
