import { ApiError, request } from "../../api/client";
import type { MediaSlot, Show, ShowPatch, ShowTranslation } from "../../api/show";
import type { User } from "../../api/types";
import { hasMessage, i18n, say, t } from "../i18n/i18n";
import { startTusAttempt } from "../uploads/tusSend";

/** The show's admin calls (docs/show-api.md), kept out of the start-up bundle: only the Show and setup screens use them. */
export const updateShow = (patch: ShowPatch) => request<Show>("PUT", "/api/show", patch);
/** Sets a language's versions of the texts (lists whole, null where it has none yet); answers the show in it. */
export const updateTranslation = (language: string, patch: ShowTranslation) =>
  request<Show>("PUT", `/api/show?language=${encodeURIComponent(language)}`, patch);
/** The built-in file again; for captions with a `language`, that language's track only. */
export const restoreShowMedia = (slot: MediaSlot, language?: string) =>
  request<Show>("DELETE", `/api/show/media/${slot}${language ? `?language=${encodeURIComponent(language)}` : ""}`);

/** From this size on, a file goes through the resumable path (tus, as evidence does): a shaky venue link resumes it. */
export const RESUMABLE_FROM_BYTES = 16 * 1024 * 1024;

/**
 * PUT /api/show/media/<slot>, reporting the share of bytes sent: a small file in the request itself (XHR, as fetch
 * cannot report an upload's progress), a large one first through /api/uploads and then named by its upload id.
 */
export async function uploadShowMedia(slot: MediaSlot, file: File, onProgress: (fraction: number) => void, language?: string): Promise<Show> {
  const form = new FormData();
  if (language) form.append("language", language); // captions only
  if (file.size < RESUMABLE_FROM_BYTES) form.append("file", file);
  else form.append("upload", await sendResumably(file, onProgress));
  return putWithProgress(`/api/show/media/${slot}`, form, form.has("file") ? onProgress : () => {});
}

async function sendResumably(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const attempt = await startTusAttempt(file, null, { onUrl: () => {}, onMoving: () => {}, onConfirmed: (sent, total) => onProgress(sent / total) });
  const url = await attempt.done;
  return url.slice(url.lastIndexOf("/") + 1);
}

/** As request() words an error answer (api/client.ts): a named code's message, a generic one's outside English. */
function uploadErrorText(body: { code?: unknown; params?: Record<string, unknown> } | null, serverMessage: string): string {
  const code = body?.code;
  if (typeof code !== "string" || !hasMessage(`error.${code}`)) return serverMessage;
  if (!code.includes(".") && i18n.locale === "en") return serverMessage;
  return say(`error.${code}`, body?.params);
}

function putWithProgress(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<Show> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", path);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const body = xhr.response as { message?: unknown; code?: unknown; params?: Record<string, unknown> } | null;
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as unknown as Show);
      else reject(new ApiError(xhr.status, uploadErrorText(body, typeof body?.message === "string" ? body.message : `HTTP ${xhr.status}`), body));
    };
    xhr.onerror = () => reject(new ApiError(0, t("showEditor.media.upload_unreachable")));
    xhr.send(form);
  });
}

/** How many participants have watched the briefing (they would watch again), and the reset itself. */
export const getBriefingResetCount = () => request<{ participants: number }>("GET", "/api/show/briefing-reset");
export const resetBriefing = (confirm: number) =>
  request<{ participants: number; briefing_version: number }>("POST", "/api/show/briefing-reset", { confirm });

export interface SetupAccount {
  token: string;
  username: string;
  full_name: string;
  email: string;
  password: string;
}
export const getSetupState = (token: string) =>
  request<{ needed: boolean; token_valid?: boolean }>("GET", `/api/setup?token=${encodeURIComponent(token)}`);
export const createFirstAdmin = (account: SetupAccount) => request<User>("POST", "/api/setup", account);
