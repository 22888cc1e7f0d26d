/** The show as GET /api/show sends it (docs/show-api.md): texts, derived colours, media addresses, locks. */
import { darkened, textColourOn } from "../config/branding";
import type { ShowMediaRow } from "../db/show-media";
import type { Show } from "./show.service";
import { BUILT_IN_CAPTIONS_LANGUAGE, SLOT_NAMES, SLOTS, type Slot, type Source } from "./show-slots";

/**
 * The versioned address of an uploaded file: a new upload is a new address, so caches and players never mix them. It
 * carries the start of the file's SHA-256 besides the row's id, so addresses cannot be counted through: only who was
 * given one (GET /api/show while the file was current) can ask for it.
 */
export const showMediaUrl = (row: Pick<ShowMediaRow, "slot" | "id" | "sha256">) => `/show-media/${row.slot}/${row.id}-${row.sha256.slice(0, 16)}`;

/** The row id and hash start that the last segment of a show media address names, or undefined. */
export function showMediaAddress(segment: string): { id: number; hashStart: string } | undefined {
  const match = /^([1-9]\d{0,15})-([0-9a-f]{16})$/.exec(segment);
  return match ? { id: Number(match[1]), hashStart: match[2]! } : undefined;
}

function videoSources(show: Show, slot: "onboarding-video" | "tutorial-video"): Source[] {
  const row = show.media[slot];
  return row ? [{ url: showMediaUrl(row), type: row.mime }] : SLOTS[slot].builtIn;
}

const captionsUrl = (show: Show, slot: "onboarding-captions" | "tutorial-captions") => {
  const row = show.media[slot];
  return row ? showMediaUrl(row) : SLOTS[slot].builtIn;
};

/** The language the player labels a captions track with. */
const captionsLanguage = (show: Show, slot: "onboarding-captions" | "tutorial-captions") => show.media[slot]?.language ?? BUILT_IN_CAPTIONS_LANGUAGE;

function mediaState(show: Show, slot: Slot) {
  const row = show.media[slot];
  if (!row) return { default: !show.locks[slot] };
  const language = row.language === null ? {} : { language: row.language };
  return { default: false, type: row.mime, size: row.size, url: showMediaUrl(row), updated_at: row.createdAt, ...language };
}

export function showJson(show: Show) {
  const onboarding = videoSources(show, "onboarding-video");
  const tutorial = videoSources(show, "tutorial-video");
  // The single address plays everywhere: the MP4 of the built-in pair (iOS has no WebM), or the upload.
  const single = (sources: Source[]) => (sources.find((s) => s.type === "video/mp4") ?? sources[0]!).url;
  return {
    version: show.version,
    briefing_version: show.briefingVersion,
    ...show.text,
    privacy_notice_version: show.noticeVersion,
    on_accent: textColourOn(show.text.accent_color),
    accent_strong: darkened(show.text.accent_color),
    onboarding_video_url: single(onboarding),
    onboarding_video_sources: onboarding,
    onboarding_captions_url: captionsUrl(show, "onboarding-captions"),
    onboarding_captions_language: captionsLanguage(show, "onboarding-captions"),
    tutorial_video_url: single(tutorial),
    tutorial_video_sources: tutorial,
    tutorial_captions_url: captionsUrl(show, "tutorial-captions"),
    tutorial_captions_language: captionsLanguage(show, "tutorial-captions"),
    logo_url: SLOTS.logo.builtIn,
    landing_image_url: SLOTS["landing-image"].builtIn,
    media: Object.fromEntries(SLOT_NAMES.map((slot) => [slot, mediaState(show, slot)])),
    locked: show.locks,
    customised: show.customised,
  };
}
