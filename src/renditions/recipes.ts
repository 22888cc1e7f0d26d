/** The command lines that make each rendition (ffmpeg 5.1 and libheif 1.15, as Debian 12 ships them). */
import type { Recipe } from "./plan";
import type { Tools } from "./tools";

/** The longest side of each rendition, in pixels (never enlarged). */
export const LONG_EDGE = { display: 1920, photoDisplay: 4096, poster: 1280, thumbnail: 640 } as const;
/** The most a rendition may weigh: ffmpeg stops writing there (-fs) and the job fails. */
export const MAX_RENDITION_BYTES = 1024 * 1024 * 1024;
/** Peaks are read from the sound at this rate (a picture needs no more). */
export const PEAKS_SAMPLE_RATE = 4000;

export const fit = (px: number) => `scale='if(gte(iw,ih),min(${px},iw),-2)':'if(gte(iw,ih),-2,min(${px},ih))'`;
/** No tags, chapters or data streams of the source reach a rendition (places, devices, names). */
export const NO_METADATA = ["-map_metadata", "-1", "-map_chapters", "-1"];
/** One filter thread too: a tool stays within 256 MB on a 4K source (bench/hostile.ts), whatever the machine's cores. */
export const QUIET = ["-nostdin", "-hide_banner", "-v", "error", "-y", "-filter_threads", "1"];
/**
 * x264 with one thread and no lookahead, macroblock tree or B-frames: each of those holds frames of the display size
 * (at 1920 px, ~60 MB for the B-frames and ~60 MB per extra thread), which with a 4K decoder's ~175 MB passed 256 MB.
 * The copy is a little larger for the same quality (CRF 23), and still plain H.264 in MP4.
 */
const X264_LOW_MEMORY = ["-threads", "1", "-x264-params", "rc-lookahead=0:mbtree=0:bframes=0"];
/** Every H.264 copy (renditions and redacted copies): CRF 23, capped bitrate, low memory, 8-bit 4:2:0 every browser plays. */
export const H264_ENCODING = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-maxrate", "5M", "-bufsize", "10M", "-pix_fmt", "yuv420p", ...X264_LOW_MEMORY];
/** Every AAC sound of a copy. */
export const AAC_ENCODING = ["-c:a", "aac", "-b:a", "128k"];
/** An MP4 that plays while it downloads, stopped at the size limit. */
export const MP4_OUTPUT = ["-movflags", "+faststart", "-fs", String(MAX_RENDITION_BYTES), "-f", "mp4"];

/**
 * The ffmpeg demuxer for each type the sniffer names. ffmpeg never guesses the format from the content: behind a
 * tag or a header it would otherwise find a playlist (hls), a concat script, an image sequence, and open the files
 * they name. Image demuxers are the "pipe" ones: image2's file name patterns are never in play.
 */
const DEMUXERS: Record<string, string> = {
  "image/jpeg": "jpeg_pipe",
  "image/png": "png_pipe",
  "image/webp": "webp_pipe",
  "image/gif": "gif",
  "video/mp4": "mov",
  "video/quicktime": "mov",
  "audio/mp4": "mov",
  "video/webm": "matroska",
  "audio/webm": "matroska",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "audio/mpeg": "mp3",
  "audio/aac": "aac",
};

/** HEIF has none: libheif decodes it (a JPEG then goes to ffmpeg). */
export const demuxerOf = (mime: string): string | undefined => DEMUXERS[mime];

/**
 * The input options of every tool run: the demuxer decided, and only the file protocol (no network, no concat:,
 * subfile:, data: or pipe: a demuxer could be told to open). The mov demuxer's external references (dref) stay off,
 * as is ffmpeg's default.
 */
export function readOptions(demuxer: string | undefined): string[] {
  if (!demuxer) throw new Error("ffmpeg is never left to guess a file's format");
  return ["-protocol_whitelist", "file", "-f", demuxer];
}
/** One decoder thread: each thread of ffmpeg's HEVC decoder holds its own frames (4K: ~40 MB more per thread). */
export const inputOf = (source: string, demuxer: string | undefined) => ["-threads", "1", ...readOptions(demuxer), "-i", source];

export type RecipeInput = { source: string; demuxer: string | undefined; out: string; seconds?: number; kind: Recipe["kind"] };

/** The argv of one recipe; "heif-jpeg" is two steps (decode, then scale and re-encode without metadata). */
export function recipeCommands(tools: Tools, make: Recipe["make"], { source, demuxer, out, seconds, kind }: RecipeInput): string[][] {
  const ffmpeg = (...args: string[]) => [tools.ffmpeg!, ...QUIET, ...args];
  switch (make) {
    case "heif-jpeg":
      // libheif applies the HEIF rotation (irot) itself; the EXIF orientation it copies along must then be ignored.
      return [
        [tools.heifConvert!, "-q", "95", source, `${out}.decoded.jpg`],
        ffmpeg("-noautorotate", ...inputOf(`${out}.decoded.jpg`, demuxerOf("image/jpeg")), ...NO_METADATA, "-vf", fit(LONG_EDGE.photoDisplay), "-q:v", "2", "-frames:v", "1", "-f", "mjpeg", out),
      ];
    case "photo-frame":
      return [ffmpeg(...inputOf(source, demuxer), ...NO_METADATA, "-vf", fit(LONG_EDGE.thumbnail), "-q:v", "4", "-frames:v", "1", "-f", "mjpeg", out)];
    case "video-frame": {
      const at = seconds ? Math.min(1, seconds / 2) : 0;
      const edge = kind === "poster" ? LONG_EDGE.poster : LONG_EDGE.thumbnail;
      return [ffmpeg("-ss", String(at), ...inputOf(source, demuxer), ...NO_METADATA, "-vf", fit(edge), "-q:v", "3", "-frames:v", "1", "-f", "mjpeg", out)];
    }
    case "h264-mp4":
      return [
        ffmpeg(
          ...inputOf(source, demuxer), "-map", "0:v:0", "-map", "0:a:0?", ...NO_METADATA, "-sn", "-dn",
          ...H264_ENCODING, "-vf", fit(LONG_EDGE.display), ...AAC_ENCODING, "-ac", "2", ...MP4_OUTPUT, out,
        ),
      ];
    case "remux-mp4":
      return [
        ffmpeg(
          ...inputOf(source, demuxer), "-map", "0:v:0", "-map", "0:a:0?", ...NO_METADATA, "-sn", "-dn", "-c:v", "copy", "-tag:v", "avc1",
          ...AAC_ENCODING, "-ac", "2", ...MP4_OUTPUT, out,
        ),
      ];
    case "aac-m4a":
      return [
        ffmpeg(...inputOf(source, demuxer), "-map", "0:a:0", "-vn", ...NO_METADATA, ...AAC_ENCODING, ...MP4_OUTPUT, out),
      ];
    case "peaks":
      return [ffmpeg(...inputOf(source, demuxer), "-map", "0:a:0", "-vn", "-ac", "1", "-ar", String(PEAKS_SAMPLE_RATE), "-f", "s16le", "-")];
  }
}
