/**
 * Which renditions a stored file gets: only what some common browser cannot play is copied ("display"), and every
 * photo and video gets a thumbnail (and a video a poster), every recording its waveform's peaks.
 *
 * Plays everywhere (Chromium, Firefox, Safari on iPhones back to iOS 15): JPEG, PNG, GIF, WebP photos; H.264 video
 * with AAC or MP3 sound in MP4; MP3, AAC (in MP4 or ADTS) and WAV sound. Everything else is copied:
 * - HEIC/HEIF photos → JPEG (only Safari shows them);
 * - H.264 in QuickTime or Matroska → the same video in MP4 (not re-encoded; `video/quicktime` is not played by Chromium
 *   or Firefox), the sound as AAC;
 * - any other video (HEVC, ProRes, Motion-JPEG, VP8/VP9/AV1 in WebM, which older iPhones do not play) → H.264/AAC MP4;
 * - Opus, Vorbis, FLAC (WebM and Ogg recordings from Android browsers) → AAC in MP4.
 */
import type { Probe } from "./probe";

export type Recipe =
  | { kind: "display"; make: "heif-jpeg" | "remux-mp4" | "h264-mp4" | "aac-m4a" }
  | { kind: "thumbnail" | "poster"; make: "photo-frame" | "video-frame" }
  | { kind: "peaks"; make: "peaks" };

/** What each recipe makes. */
export const RECIPE_MIME: Record<Recipe["make"], string> = {
  "heif-jpeg": "image/jpeg",
  "remux-mp4": "video/mp4",
  "h264-mp4": "video/mp4",
  "aac-m4a": "audio/mp4",
  "photo-frame": "image/jpeg",
  "video-frame": "image/jpeg",
  peaks: "application/json",
};

const HEIF = new Set(["image/heic", "image/heif"]);
const WEB_AUDIO_IN_VIDEO = new Set(["aac", "mp3"]);
const WEB_AUDIO_CONTAINERS = new Set(["audio/mp4", "audio/mpeg", "audio/aac", "audio/wav"]);
const WEB_AUDIO = new Set(["aac", "mp3", "pcm_s16le", "pcm_s24le", "pcm_u8", "pcm_f32le"]);

/** What to make of a photo: only its mime is needed (the tools decode it). */
export function photoRecipes(mime: string, canDecodeHeif: boolean): Recipe[] {
  if (HEIF.has(mime)) return canDecodeHeif ? [{ kind: "display", make: "heif-jpeg" }, { kind: "thumbnail", make: "photo-frame" }] : [];
  return [{ kind: "thumbnail", make: "photo-frame" }];
}

/** `mime` is what the sniffer named the container (ffprobe calls MP4 and QuickTime alike). */
export function videoRecipes(mime: string, probed: Probe): Recipe[] {
  if (!probed.video) return [];
  const frames: Recipe[] = [
    { kind: "poster", make: "video-frame" },
    { kind: "thumbnail", make: "video-frame" },
  ];
  const h264 = probed.video.codec === "h264";
  const webAudio = !probed.audio || WEB_AUDIO_IN_VIDEO.has(probed.audio.codec);
  const mp4 = mime === "video/mp4";
  if (h264 && webAudio && mp4) return frames;
  return [{ kind: "display", make: h264 ? "remux-mp4" : "h264-mp4" }, ...frames];
}

export function audioRecipes(mime: string, probed: Probe): Recipe[] {
  if (!probed.audio) return [];
  const plays = WEB_AUDIO.has(probed.audio.codec) && WEB_AUDIO_CONTAINERS.has(mime);
  return [...(plays ? [] : [{ kind: "display", make: "aac-m4a" } as const]), { kind: "peaks", make: "peaks" }];
}
