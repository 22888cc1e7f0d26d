/**
 * The capture queue: a module-level runner that sends queued drafts one at a time while the participant moves
 * around the app. IndexedDB (draftStore) is the source of truth; the jotai atoms below only mirror it for the screen.
 * A stall (no byte for ~15 s) aborts the attempt and tries again later; `online`, a visible page and `pageshow` try
 * again at once. A refusal retrying cannot fix keeps the draft with the server's words.
 */
import { getDefaultStore } from "jotai";
import type { Evidence } from "../../api/types";
import { evidenceActionAtom } from "../../state/evidence";
import { isEmptyNote, isUnsent, type Draft } from "./draft";
import { deleteDraft, getDraft, listDrafts, loadFile, patchDraft } from "./draftStore";
import { finalise, UploadGone } from "./finalise";
import { queueRowsAtom, unsentDraftsAtom, type QueueRow } from "./queueAtoms";
import { addSample, isStalled, paceOf, speedOf, stableSecondsLeft, STALL_MS, type Sample } from "./progressMath";
import { transition, type RowEvent, type RowState } from "./queueState";
import { sha256Hex } from "./sha256";
import { SendError, startTusAttempt, type TusAttempt } from "./tusSend";
import { t } from "../i18n/i18n";
import { mediaTypeOfFile } from "../../lib/mediaTypes";

const store = getDefaultStore();
/** Waits between attempts after a stall or a lost connection; the last one repeats. */
const BACKOFF_MS = [1000, 5000, 10_000, 20_000, 30_000];
const WAKE_IF_QUIET_MS = 3000;
/** The server sniffs, hashes and stores a large file before it answers the finalise call. */
const FINALISE_STALL_MS = 60_000;
const PUBLISH_EVERY_MS = 250;
/** An empty note may still be open on the details screen (a reload there); older ones were left behind. */
const EMPTY_NOTE_KEPT_MS = 60 * 60 * 1000;

let ownerId: number | null = null;
const rows = new Map<string, QueueRow>();
const retryAt = new Map<string, number>();
const failures = new Map<string, number>();
/** The item being sent; stallMs is how long without news counts as a lost connection (longer while the server finalises). */
let current: { id: string; attempt: TusAttempt | null; lastProgressAt: number; lastConfirmedAt: number; stallMs: number; samples: Sample[] } | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lastPublish = 0;

function publish(force = true) {
  const now = Date.now();
  if (!force && now - lastPublish < PUBLISH_EVERY_MS) return;
  lastPublish = now;
  store.set(queueRowsAtom, [...rows.values()]);
}

function update(id: string, change: Partial<QueueRow>, event?: RowEvent) {
  const row = rows.get(id);
  if (!row) return;
  rows.set(id, { ...row, ...change, state: event ? transition(row.state, event) : row.state });
}

function rowOf(draft: Draft, state: RowState): QueueRow {
  return {
    id: draft.id,
    title: draft.title,
    kind: draft.kind,
    fileType: draft.fileType,
    mediaType: draft.kind === "note" ? 1 : mediaTypeOfFile(draft.fileType),
    thumbnail: draft.thumbnail,
    state,
    sent: 0,
    total: draft.fileSize,
    speed: null,
    secondsLeft: null,
    slow: false,
    message: draft.problem,
    intact: null,
    itemId: null,
  };
}

/** Loads this participant's drafts: queued ones resume by themselves, unsent ones wait for the prompt. */
export async function startQueue(owner: number) {
  if (ownerId === owner) return;
  ownerId = owner;
  rows.clear();
  const drafts = await listDrafts(owner);
  for (const draft of drafts) {
    if (isEmptyNote(draft) && draft.status === "editing" && Date.now() - draft.createdAt > EMPTY_NOTE_KEPT_MS) await deleteDraft(draft.id);
    else if (draft.status === "queued") rows.set(draft.id, rowOf(draft, "waiting"));
    else if (draft.status === "paused" || draft.status === "failed") rows.set(draft.id, rowOf(draft, draft.status));
  }
  store.set(unsentDraftsAtom, drafts.filter(isUnsent));
  publish();
  pump();
  // Load the sending code while the network is there: a draft queued offline later must not wait on it.
  void import("tus-js-client").catch(() => {});
  void import("hash-wasm").catch(() => {});
}

/** Logout: stop sending and forget the rows (the drafts stay for this participant's next visit). */
export function stopQueue() {
  interrupt();
  ownerId = null;
  rows.clear();
  store.set(unsentDraftsAtom, []);
  publish();
}

/** The participant pressed Upload Evidence (or Send in the prompt): the queue owns the draft from now on. */
export async function enqueue(id: string) {
  const draft = await patchDraft(id, { status: "queued", problem: "" });
  if (!draft) return;
  rows.set(id, rowOf(draft, "waiting"));
  store.set(unsentDraftsAtom, (drafts) => drafts.filter((other) => other.id !== id));
  publish();
  pump();
}

/** Retry: a stalled item tries again now; a paused or refused one goes back in the queue. */
export async function retry(id: string) {
  const row = rows.get(id);
  if (!row) return;
  if (row.state === "paused" || row.state === "failed") await patchDraft(id, { status: "queued", problem: "" });
  update(id, { message: "" }, "retry");
  retryAt.delete(id);
  if (current?.id === id) interrupt();
  publish();
  pump();
}

/** Cancel: stops sending this item; the draft is kept (Send again or Discard). */
export async function cancel(id: string) {
  if (current?.id === id) interrupt();
  await patchDraft(id, { status: "paused" });
  update(id, {}, "cancel");
  publish();
  pump();
}

/** Discard: the participant gives the item up; its draft and file are deleted. */
export async function discard(id: string) {
  if (current?.id === id) interrupt();
  const uploadUrl = (await getDraft(id))?.uploadUrl;
  await deleteDraft(id);
  // Its unfinished upload on the server goes too: it counts in the participant's quota and their few pending uploads
  // until it expires. Best effort: offline, or after logging out, it expires after an idle hour by itself.
  if (uploadUrl) fetch(uploadUrl, { method: "DELETE", headers: { "Tus-Resumable": "1.0.0" } }).catch(() => {});
  rows.delete(id);
  store.set(unsentDraftsAtom, (drafts) => drafts.filter((other) => other.id !== id));
  publish();
  pump();
}

/** Hides rows that are done. */
export function clearFinished() {
  for (const [id, row] of rows) if (row.state === "done") rows.delete(id);
  publish();
}

/** Ends the attempt under way; the row shows why (event), and it is tried again at once or after a wait. */
function interrupt(event?: RowEvent, wait = false) {
  if (!current) return;
  const { id } = current;
  current.attempt?.abort();
  current = null;
  if (event) update(id, {}, event);
  if (wait) scheduleRetry(id);
}

/** The network is back, the page is visible again, or it came back from the back-forward cache: try now. */
function wake() {
  for (const [id, row] of rows) {
    if (row.state === "offline") update(id, {}, "retry");
    retryAt.delete(id);
  }
  if (current && Date.now() - current.lastProgressAt > WAKE_IF_QUIET_MS) interrupt();
  publish();
  pump();
}

function scheduleRetry(id: string) {
  const count = failures.get(id) ?? 0;
  failures.set(id, count + 1);
  retryAt.set(id, Date.now() + BACKOFF_MS[Math.min(count, BACKOFF_MS.length - 1)]!);
}

const isDue = (row: QueueRow) => row.state === "waiting" || row.state === "stalled";

/** The first row whose turn has come; otherwise the pump is called again when the earliest wait is over. */
function nextRow(): QueueRow | undefined {
  const now = Date.now();
  const due = [...rows.values()].filter(isDue);
  const ready = due.find((row) => (retryAt.get(row.id) ?? 0) <= now);
  clearTimeout(retryTimer);
  if (!ready && due.length) retryTimer = setTimeout(pump, Math.min(...due.map((row) => retryAt.get(row.id)!)) - now);
  return ready;
}

function pump() {
  if (current || ownerId === null) return;
  if (!navigator.onLine) {
    for (const [id, row] of rows) if (isDue(row)) update(id, {}, "offline");
    return publish();
  }
  const row = nextRow();
  if (!row) return;
  current = { id: row.id, attempt: null, lastProgressAt: Date.now(), lastConfirmedAt: Date.now(), stallMs: STALL_MS, samples: [] };
  const mine = current;
  send(row.id, mine).finally(() => {
    if (current === mine) current = null;
    publish();
    pump();
  });
}

/** One go at an item: its bytes (tus), the item (finalise), and the comparison of the two hashes. */
async function send(id: string, mine: NonNullable<typeof current>) {
  const still = () => current === mine;
  const draft = await getDraft(id);
  if (!draft) return void rows.delete(id);
  update(id, { title: draft.title }, "start");
  publish();
  try {
    let uploadUrl: string | null = null;
    let hash: Promise<string | null> = Promise.resolve(draft.sha256);
    if (draft.kind !== "note") {
      const file = await loadFile(draft);
      if (!file) throw new SendError(t("upload.file_gone"), false);
      if (!draft.sha256) hash = hashAndKeep(id, file);
      mine.attempt = await startTusAttempt(file, draft.uploadUrl, {
        onUrl: (url) => void patchDraft(id, { uploadUrl: url }),
        onMoving: () => {
          if (!still()) return;
          mine.lastProgressAt = Date.now();
          failures.delete(id);
          if (rows.get(id)?.state !== "sending") {
            update(id, {}, "progress");
            publish(false);
          }
        },
        onConfirmed: (sent, total) => {
          if (!still()) return;
          const now = Date.now();
          mine.lastProgressAt = now;
          mine.lastConfirmedAt = now;
          mine.samples = addSample(mine.samples, { at: now, bytes: sent });
          failures.delete(id);
          update(id, { sent, total, slow: false, speed: speedOf(mine.samples), secondsLeft: stableSecondsLeft(mine.samples, sent, total) }, "progress");
          publish(false);
        },
      });
      if (!still()) return mine.attempt.abort();
      uploadUrl = await mine.attempt.done;
    }
    if (!still()) return;
    mine.lastProgressAt = Date.now();
    mine.stallMs = FINALISE_STALL_MS;
    update(id, { sent: draft.fileSize, secondsLeft: 0 }, "finalise");
    publish();
    const item = await finalise((await getDraft(id)) ?? draft, uploadUrl);
    const local = await hash;
    const intact = draft.kind === "note" || !local || !item.media ? null : item.media.sha256 === local;
    if (intact === false) {
      await patchDraft(id, { uploadUrl: null, status: "failed", problem: t("upload.not_intact") });
      return void update(id, { message: t("upload.not_intact") }, "refused");
    }
    await deleteDraft(id);
    update(id, { intact, itemId: item.id }, "confirmed");
    arrived(item);
  } catch (error) {
    if (!still()) return;
    if (error instanceof UploadGone) {
      await patchDraft(id, { uploadUrl: null });
      return scheduleRetry(id);
    }
    if (error instanceof SendError && !error.retryable) {
      await patchDraft(id, { status: "failed", problem: error.message });
      return void update(id, { message: error.message }, "refused");
    }
    update(id, {}, navigator.onLine ? "stall" : "offline");
    scheduleRetry(id);
  }
}

const hashing = new Map<string, Promise<string | null>>();
/** One hashing per draft, shared by every attempt (a retry does not start reading a large file again). */
function hashAndKeep(id: string, file: File): Promise<string | null> {
  let running = hashing.get(id);
  if (!running) {
    running = hashFile(id, file);
    hashing.set(id, running);
    running.finally(() => hashing.delete(id));
  }
  return running;
}

async function hashFile(id: string, file: File): Promise<string | null> {
  try {
    const hex = await sha256Hex(file);
    await patchDraft(id, { sha256: hex });
    return hex;
  } catch (error) {
    // Old browsers without WebAssembly: the item is still sent, only not confirmed as intact.
    console.warn("Could not hash the file in this browser", error);
    return null;
  }
}

function arrived(item: Evidence) {
  store.set(evidenceActionAtom, { type: "arrived", item });
}

/** Watches the current attempt: no byte for ~15 s means the connection is lost; abort and try again later. */
function checkStall() {
  if (!current) return;
  const now = Date.now();
  const row = rows.get(current.id);
  // Long without a confirmation, the speed and time left measured before no longer hold: the link is slow while it
  // still takes bytes, and nothing is claimed while it takes none (until the stall limit below).
  if (row?.state === "sending") {
    const pace = paceOf(current.lastConfirmedAt, current.lastProgressAt, now);
    const change =
      pace === "slow" && !row.slow
        ? { slow: true, secondsLeft: null }
        : pace === "quiet" && (row.slow || row.speed !== null)
          ? { slow: false, speed: null, secondsLeft: null }
          : null;
    if (change) {
      update(current.id, change);
      publish();
    }
  }
  if (!isStalled(current.lastProgressAt, now, current.stallMs)) return;
  interrupt(navigator.onLine ? "stall" : "offline", true);
  publish();
  pump();
}

if (typeof window !== "undefined") {
  setInterval(checkStall, 1000);
  window.addEventListener("online", wake);
  window.addEventListener("offline", () => {
    interrupt("offline");
    pump();
  });
  window.addEventListener("pageshow", wake);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && wake());
}
