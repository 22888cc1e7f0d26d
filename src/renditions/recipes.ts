/** The command lines that make each rendition (ffmpeg 5.1 and libheif 1.15, as Debian 12 ships them). */
import type { Recipe } from "./plan";
import type { Tools } from "./tools";

/** The longest side of each rendition, in pixels (never enlarged). */
export const LONG_EDGE = { display: 1920, photoDisplay: 4096, poster: 1280, thumbnail: 640 } as const;
/** The most a rendition may weigh: ffmpeg stops writing there (-fs) and the job fails. */
export const MAX_RENDITION_BYTES = 1024 * 1024 * 1024;
/** Peaks are read from the sound at this rate (a picture needs no more). */
export const PEAKS_SAMPLE_RATE = 4000;

const fit = (px: number) => `scale='if(gte(iw,ih),min(${px},iw),-2)':'if(gte(iw,ih),-2,min(${px},ih))'`;
/** No tags, chapters or data streams of the source reach a rendition (places, devices, names). */
const NO_METADATA = ["-map_metadata", "-1", "-map_chapters", "-1"];
const QUIET = ["-nostdin", "-hide_banner", "-v", "error", "-y"];

export type RecipeInput = { source: string; out: string; seconds?: number; kind: Recipe["kind"] };

/** The argv of one recipe; "heif-jpeg" is two steps (decode, then scale and re-encode without metadata). */
export function recipeCommands(tools: Tools, make: Recipe["make"], { source, out, seconds, kind }: RecipeInput): string[][] {
  const ffmpeg = (...args: string[]) => [tools.ffmpeg!, ...QUIET, ...args];
  switch (make) {
    case "heif-jpeg":
      // libheif applies the HEIF rotation (irot) itself; the EXIF orientation it copies along must then be ignored.
      return [
        [tools.heifConvert!, "-q", "95", source, `${out}.decoded.jpg`],
        ffmpeg("-noautorotate", "-i", `${out}.decoded.jpg`, ...NO_METADATA, "-vf", fit(LONG_EDGE.photoDisplay), "-q:v", "2", "-frames:v", "1", "-f", "mjpeg", out),
      ];
    case "photo-frame":
      return [ffmpeg("-i", source, ...NO_METADATA, "-vf", fit(LONG_EDGE.thumbnail), "-q:v", "4", "-frames:v", "1", "-f", "mjpeg", out)];
    case "video-frame": {
      const at = seconds ? Math.min(1, seconds / 2) : 0;
      const edge = kind === "poster" ? LONG_EDGE.poster : LONG_EDGE.thumbnail;
      return [ffmpeg("-ss", String(at), "-i", source, ...NO_METADATA, "-vf", fit(edge), "-q:v", "3", "-frames:v", "1", "-f", "mjpeg", out)];
    }
    case "h264-mp4":
      return [
        ffmpeg(
          "-i", source, "-map", "0:v:0", "-map", "0:a:0?", ...NO_METADATA, "-sn", "-dn",
          "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-maxrate", "5M", "-bufsize", "10M", "-pix_fmt", "yuv420p",
          "-vf", fit(LONG_EDGE.display), "-c:a", "aac", "-b:a", "128k", "-ac", "2",
          "-movflags", "+faststart", "-fs", String(MAX_RENDITION_BYTES), "-threads", "2", "-f", "mp4", out,
        ),
      ];
    case "remux-mp4":
      return [
        ffmpeg(
          "-i", source, "-map", "0:v:0", "-map", "0:a:0?", ...NO_METADATA, "-sn", "-dn", "-c:v", "copy", "-tag:v", "avc1",
          "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-movflags", "+faststart", "-fs", String(MAX_RENDITION_BYTES), "-f", "mp4", out,
        ),
      ];
    case "aac-m4a":
      return [
        ffmpeg("-i", source, "-map", "0:a:0", "-vn", ...NO_METADATA, "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", "-fs", String(MAX_RENDITION_BYTES), "-f", "mp4", out),
      ];
    case "peaks":
      return [ffmpeg("-i", source, "-map", "0:a:0", "-vn", "-ac", "1", "-ar", String(PEAKS_SAMPLE_RATE), "-f", "s16le", "-")];
  }
}
