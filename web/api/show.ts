import { ApiError, request } from "./client";
import type { User } from "./types";

/** The show's content (docs/show-api.md): this show's words and media, edited by admins, read by everyone at start. */
export interface VideoSource {
  url: string;
  type: string;
}
export interface FaqEntry {
  question: string;
  answer: string;
}
export const MEDIA_SLOTS = ["onboarding-video", "onboarding-captions", "tutorial-video", "tutorial-captions", "logo", "landing-image"] as const;
export type MediaSlot = (typeof MEDIA_SLOTS)[number];
export type SlotState = { default: true } | { default: false; type: string; size: number; url: string; updated_at: string };

export interface Show {
  version: number;
  briefing_version: number;
  project_name: string;
  accent_color: string;
  on_accent: string;
  accent_strong: string;
  spy_url: string;
  spy_link_text: string;
  ticket_warning: string;
  landing_eyebrow: string;
  landing_text: string;
  landing_archive_text: string;
  instructions_title: string;
  instructions: string[];
  faq: FaqEntry[];
  archive_intro: string[];
  reset_mail_subject: string;
  reset_mail_note: string;
  onboarding_video_url: string;
  onboarding_video_sources: VideoSource[];
  onboarding_captions_url: string;
  tutorial_video_url: string;
  tutorial_video_sources: VideoSource[];
  tutorial_captions_url: string;
  logo_url: string;
  landing_image_url: string;
  media: Record<MediaSlot, SlotState>;
  /** Field (or slot) → the environment variable that sets it; such a field is read-only here. */
  locked: Partial<Record<string, string>>;
  customised: string[];
}

/** What PUT /api/show takes; `null` returns a field to its default. */
export const EDITABLE_FIELDS = [
  "project_name",
  "accent_color",
  "spy_url",
  "spy_link_text",
  "ticket_warning",
  "landing_eyebrow",
  "landing_text",
  "landing_archive_text",
  "instructions_title",
  "instructions",
  "faq",
  "archive_intro",
  "reset_mail_subject",
  "reset_mail_note",
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type ShowFields = Pick<Show, EditableField>;
export type ShowPatch = { [K in EditableField]?: Show[K] | null };

export const getShow = () => request<Show>("GET", "/api/show");
export const updateShow = (patch: ShowPatch) => request<Show>("PUT", "/api/show", patch);
export const restoreShowMedia = (slot: MediaSlot) => request<Show>("DELETE", `/api/show/media/${slot}`);

/** PUT /api/show/media/<slot> with the bytes sent reported as they go (fetch cannot report an upload's progress). */
export function uploadShowMedia(slot: MediaSlot, file: File, onProgress: (fraction: number) => void): Promise<Show> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", `/api/show/media/${slot}`);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const body = xhr.response as { message?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as unknown as Show);
      else reject(new ApiError(xhr.status, typeof body?.message === "string" ? body.message : `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError(0, "The upload did not reach the server. Check the connection and try again."));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

/** How many participants have watched the briefing (they would watch again), and the reset itself. */
export const getBriefingResetCount = () => request<{ participants: number }>("GET", "/api/show/briefing-reset");
export const resetBriefing = (confirm: number) =>
  request<{ participants: number; briefing_version: number }>("POST", "/api/show/briefing-reset", { confirm });

export interface ServerWarning {
  code: string;
  message: string;
}
export const getServerWarnings = () => request<{ warnings: ServerWarning[] }>("GET", "/api/show/warnings");

export interface SetupAccount {
  token: string;
  username: string;
  full_name: string;
  email: string;
  phone_number: string;
  pronouns?: string;
  password: string;
}
export const getSetupState = (token: string) =>
  request<{ needed: boolean; token_valid?: boolean }>("GET", `/api/setup?token=${encodeURIComponent(token)}`);
export const createFirstAdmin = (account: SetupAccount) => request<{ user: User }>("POST", "/api/setup", account);
