import type { TranslatableField } from "../features/show/translation";
import { request } from "./client";

/** The show's content (docs/show-api.md): this show's words and media, edited by admins, read by everyone at start. */
export interface VideoSource {
  url: string;
  type: string;
}
export interface FaqEntry {
  question: string;
  answer: string;
}
/** A captions track of a video: one per language. */
export interface CaptionsTrack {
  language: string;
  url: string;
}
/** The show's fields that have a version per language: listed with the Show screen, out of the start-up bundle. */
export type { TranslatableField };
/** Which language each text is in: a tag per field, per item for lists, per question and answer for the FAQ. */
export type ShowLanguages = Partial<Record<TranslatableField, string | string[] | { question: string; answer: string }[]>>;
export const MEDIA_SLOTS = ["onboarding-video", "onboarding-captions", "tutorial-video", "tutorial-captions", "logo", "landing-image"] as const;
export type MediaSlot = (typeof MEDIA_SLOTS)[number];
/** An uploaded file: its kind, size, address and date; a captions track also its language. */
export type StoredMedia = { type: string; size: number; url: string; updated_at: string; language?: string };
/** `language`: a captions file's, as the admin said at upload; `tracks`: every uploaded captions track. */
export type SlotState = { default: true } | ({ default: false; tracks?: StoredMedia[] } & StoredMedia);

export interface Show {
  version: number;
  /**
   * The language the texts were asked in, the show's main one, and the language each text is actually in (absent from
   * an answer remembered from a server before languages, as are the captions lists below).
   */
  language: string;
  main_language: string;
  languages?: ShowLanguages;
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
  /** Markdown; its version changes with its text (participants are asked again for consent). */
  privacy_notice: string;
  privacy_notice_version: number;
  /** The public archive's licence (a Creative Commons name or the operator's text) and credit line; "" when not set. */
  archive_licence: string;
  archive_credit: string;
  /** Photos and videos must pass the redaction step before they can be made public (issue 46; off by default). */
  redaction_required: boolean;
  onboarding_video_url: string;
  onboarding_video_sources: VideoSource[];
  onboarding_captions_url: string;
  /** The captions' language (a BCP 47 tag), for the player's track and the transcript. */
  onboarding_captions_language: string;
  /** Every captions track, one per language. */
  onboarding_captions?: CaptionsTrack[];
  tutorial_video_url: string;
  tutorial_video_sources: VideoSource[];
  tutorial_captions_url: string;
  tutorial_captions_language: string;
  tutorial_captions?: CaptionsTrack[];
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
  "archive_licence",
  "archive_credit",
  "redaction_required",
  "reset_mail_subject",
  "reset_mail_note",
  "privacy_notice",
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type ShowFields = Pick<Show, EditableField>;
export type ShowPatch = { [K in EditableField]?: Show[K] | null };

/** A translation of the show: lists whole, `null` for an item (or a question, an answer) not translated. */
export type ShowTranslation = Partial<{
  [K in TranslatableField]: Show[K] extends string ? string | null : Show[K] extends FaqEntry[] ? ({ question: string | null; answer: string | null } | null)[] | null : (string | null)[] | null;
}>;

/** The show with its texts in `language` (a tag: nothing to escape), each falling back item by item (docs/show-api.md). */
export const getShow = (language: string) => request<Show>("GET", `/api/show?language=${language}`);
