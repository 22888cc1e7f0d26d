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

type CaptionsSlot = "onboarding-captions" | "tutorial-captions";

/** Every captions track of a video, one per language: the uploads, and the built-in English unless one replaced it. */
function captionTracks(show: Show, slot: CaptionsSlot): { language: string; url: string }[] {
  const uploaded = (show.tracks[slot] ?? []).map((row) => ({ language: row.language!, url: showMediaUrl(row) }));
  const builtIn = show.locks[slot] || uploaded.some((track) => track.language === BUILT_IN_CAPTIONS_LANGUAGE) ? [] : [{ language: BUILT_IN_CAPTIONS_LANGUAGE, url: SLOTS[slot].builtIn }];
  return [...uploaded, ...builtIn];
}

/** The one track of the spec's single-track fields: the phone's language if there is one, else the newest upload, else the built-in. */
function captionsTrack(show: Show, slot: CaptionsSlot, language: string | undefined) {
  const tracks = captionTracks(show, slot);
  return tracks.find((track) => track.language === language) ?? tracks[0]!;
}

function mediaState(show: Show, slot: Slot) {
  const row = show.media[slot];
  if (!row) return { default: !show.locks[slot] };
  const facts = (file: ShowMediaRow) => ({ type: file.mime, size: file.size, url: showMediaUrl(file), updated_at: file.createdAt });
  if (row.language === null) return { default: false, ...facts(row) };
  return { default: false, ...facts(row), language: row.language, tracks: (show.tracks[slot] ?? []).map((track) => ({ language: track.language, ...facts(track) })) };
}

/** The show as GET /api/show sends it; `language`: the phone's, for the single captions track (show.routes adds its texts). */
export function showJson(show: Show, language?: string) {
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
    onboarding_captions_url: captionsTrack(show, "onboarding-captions", language).url,
    onboarding_captions_language: captionsTrack(show, "onboarding-captions", language).language,
    onboarding_captions: captionTracks(show, "onboarding-captions"),
    tutorial_video_url: single(tutorial),
    tutorial_video_sources: tutorial,
    tutorial_captions_url: captionsTrack(show, "tutorial-captions", language).url,
    tutorial_captions_language: captionsTrack(show, "tutorial-captions", language).language,
    tutorial_captions: captionTracks(show, "tutorial-captions"),
    logo_url: SLOTS.logo.builtIn,
    landing_image_url: SLOTS["landing-image"].builtIn,
    media: Object.fromEntries(SLOT_NAMES.map((slot) => [slot, mediaState(show, slot)])),
    locked: show.locks,
    customised: show.customised,
  };
}
