/**
 * The show's media slots: what each accepts (checked by its bytes, never its name or declared type), how large, and
 * the built-in file that stands in until an admin uploads one.
 */
import { imageType } from "../config/branding";
import { badRequest, unsupportedMedia } from "../http/errors";
import { canonicalLanguage } from "../i18n/languages";
import { identify } from "../media/media.service";
import type { TempFile } from "../media/multipart";
import { sizeText } from "../http/size-text";

export type Source = { url: string; type: string };

type VideoSlot = { kind: "video"; builtIn: Source[] };
type CaptionsSlot = { kind: "captions"; maxBytes: number; builtIn: string };
type ImageSlot = { kind: "image"; maxBytes: number; builtIn: string; env: "LOGO_FILE" | "LANDING_IMAGE_FILE" };

const MB = 1024 * 1024;
const CAPTIONS_MAX_BYTES = 512 * 1024;

/** The web bundle's placeholder video, WebM first with the MP4 fallback (as the web app plays them today). */
const builtInVideo = (name: string): Source[] => [
  { url: `/${name}.webm`, type: "video/webm" },
  { url: `/${name}.mp4`, type: "video/mp4" },
];

export const SLOTS = {
  "onboarding-video": { kind: "video", builtIn: builtInVideo("onboarding") },
  "onboarding-captions": { kind: "captions", maxBytes: CAPTIONS_MAX_BYTES, builtIn: "/onboarding.vtt" },
  "tutorial-video": { kind: "video", builtIn: builtInVideo("tutorial") },
  "tutorial-captions": { kind: "captions", maxBytes: CAPTIONS_MAX_BYTES, builtIn: "/tutorial.vtt" },
  logo: { kind: "image", maxBytes: 1 * MB, builtIn: "/brand/logo", env: "LOGO_FILE" },
  "landing-image": { kind: "image", maxBytes: 5 * MB, builtIn: "/brand/landing", env: "LANDING_IMAGE_FILE" },
} satisfies Record<string, VideoSlot | CaptionsSlot | ImageSlot>;

export type Slot = keyof typeof SLOTS;
export const SLOT_NAMES = Object.keys(SLOTS) as Slot[];
export const isSlot = (name: string): name is Slot => Object.hasOwn(SLOTS, name);

/** The built-in captions are in the spec's English. */
export const BUILT_IN_CAPTIONS_LANGUAGE = "en";
/** RFC 5646's advice: a tag of up to 35 characters is to be supported; longer ones are not real languages. */
const MAX_LANGUAGE_TAG = 35;

/**
 * The language of a file for a slot, from the upload's `language` field: a captions file's (any language tag, in its
 * canonical spelling; absent or empty: the server's default language), none for other slots (sending one is an error).
 */
export function slotLanguage(slot: Slot, raw: string | undefined, defaultLanguage: string): string | null {
  if (SLOTS[slot].kind !== "captions") {
    if (raw !== undefined) throw badRequest(`Only captions have a language, not the ${slot}.`);
    return null;
  }
  if (raw === undefined || raw.trim() === "") return defaultLanguage;
  const tag = canonicalLanguage(raw);
  if (!tag || tag.length > MAX_LANGUAGE_TAG) throw badRequest("The language must be a language tag such as fr or pt-BR.");
  return tag;
}

/** The most bytes a slot accepts; videos follow MAX_UPLOAD_MB like evidence. */
export function slotMaxBytes(slot: Slot, maxUploadBytes: number): number {
  const spec: VideoSlot | CaptionsSlot | ImageSlot = SLOTS[slot];
  return spec.kind === "video" ? maxUploadBytes : spec.maxBytes;
}

export function tooLargeMessage(slot: Slot, maxBytes: number): string {
  return `The ${slot} file can be at most ${sizeText(maxBytes)}.`;
}

/** WebVTT: UTF-8 text whose first line starts with WEBVTT (then nothing, a space or a tab). */
function isWebVtt(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return /^\uFEFF?WEBVTT(?:[ \t][^\n]*)?(?:\r?\n|$)/.test(text) && !/\u0000/.test(text);
}

/** The file's real type for the slot, or a 415 saying what the slot accepts. */
export async function checkSlotFile(slot: Slot, file: TempFile): Promise<string> {
  const spec: VideoSlot | CaptionsSlot | ImageSlot = SLOTS[slot];
  if (spec.kind === "video") {
    const refusal = () => unsupportedMedia(`The ${slot} must be an MP4 or WebM video.`);
    const sniffed = await identify(file, ["video"], slot).catch(() => {
      throw refusal();
    });
    if (sniffed.mime !== "video/mp4" && sniffed.mime !== "video/webm") throw refusal();
    return sniffed.mime;
  }
  const bytes = await Bun.file(file.path).bytes();
  if (spec.kind === "captions") {
    if (!isWebVtt(bytes)) throw unsupportedMedia(`The ${slot} must be a WebVTT file (UTF-8 text starting with WEBVTT).`);
    return "text/vtt; charset=utf-8";
  }
  const type = imageType(file.filename, bytes);
  if (!type) throw unsupportedMedia(`The ${slot} must be a PNG, JPEG, WebP or SVG image.`);
  return type;
}
