/**
 * The ffmpeg command that makes an item's redacted copy (docs/redaction.md): regions of the picture blurred or boxed
 * (still, timed, or moving between keyframes), ranges of the sound disguised or silenced, and nothing of the
 * original's metadata. The graph stays bounded whatever the plan (redaction-plan.ts bounds the plan): at most
 * REGIONS_MAX × PIECES_MAX crop/effect/overlay chains (region-track.ts), each moving by an expression of the frame's
 * time, in at most GRAPH_CHARS_MAX characters.
 */
import { AAC_ENCODING, demuxerOf, H264_ENCODING, inputOf, LONG_EDGE, MP4_OUTPUT, NO_METADATA, QUIET } from "../renditions/recipes";
import { type AudioRange, KEYFRAMES_MAX, type RedactionPlan, type Region } from "./redaction-plan";
import { type Piece, piecesOf, seconds } from "./region-track";

export type RecipeInput = {
  kind: "image" | "video" | "audio";
  /** The sniffed type of the original: ffmpeg is never left to guess a format (src/renditions/recipes.ts). */
  mime: string;
  source: string;
  target: string;
  /** Pixels of the picture as displayed (after rotation, which ffmpeg applies before the filters); 0 for audio. */
  width: number;
  height: number;
  durationMs: number | null;
  hasAudio: boolean;
  plan: RedactionPlan;
};

/**
 * The longest filter graph written: one argument of a command line is at most 128 KiB on Linux (MAX_ARG_STRLEN),
 * and ffmpeg parses a graph of this size in well under a second. Measured on the largest plan (48 regions × 240
 * keyframes, the test's): 78 KB, 92 pieces; 26 s and 450 MB peak for a 6 s 720p video on a busy 2-core machine.
 * Memory grows ~4 MB per piece at 720p (2 regions of a 4K video: 250 MB; 48: 570 MB), above the 256 MB of a
 * rendition's tools for crowded plans; within the runner's address-space limit.
 */
export const GRAPH_CHARS_MAX = 120_000;
/** How many keyframes of each region are followed, tried in turn until the graph fits. */
const FOLLOWED = [KEYFRAMES_MAX, 120, 60, 30, 16, 8, 4, 2];
/** A voice is disguised by shifting its pitch and its formants together down by this ratio (about five semitones). */
export const DISGUISE_PITCH = 0.75;

/** ffmpeg arguments (no "ffmpeg" itself) writing a metadata-free redacted copy; what it writes. */
export function redactionArgs(input: RecipeInput): { args: string[]; mime: string; extension: string } {
  const head = [...QUIET, "-filter_complex_threads", "1", ...inputOf(input.source, demuxerOf(input.mime)), ...NO_METADATA, "-sn", "-dn"];
  if (input.kind === "image") {
    if (input.plan.audio.length) throw new Error("a photo has no sound to redact");
    if (input.plan.regions.some((r) => r.from_ms !== undefined || r.to_ms !== undefined || r.keyframes)) throw new Error("a photo's regions have no times");
    const graph = pictureGraph(input, LONG_EDGE.photoDisplay);
    return { args: [...head, "-filter_complex", graph, "-map", "[v]", "-frames:v", "1", "-q:v", "2", "-f", "mjpeg", input.target], mime: "image/jpeg", extension: "jpg" };
  }
  if (input.kind === "audio") {
    if (input.plan.regions.length) throw new Error("a recording has no picture to redact");
    const graph = `[0:a:0]${soundChain(input.plan.audio)}[a]`;
    return { args: [...head, "-vn", "-filter_complex", graph, "-map", "[a]", ...AAC_ENCODING, ...MP4_OUTPUT, input.target], mime: "audio/mp4", extension: "m4a" };
  }
  const graphs = [pictureGraph(input, LONG_EDGE.display)];
  if (input.hasAudio) graphs.push(`[0:a:0]${soundChain(input.plan.audio)}[a]`);
  else if (input.plan.audio.length) throw new Error("this video has no sound to redact");
  const audio = input.hasAudio ? ["-map", "[a]", ...AAC_ENCODING, "-ac", "2"] : [];
  return { args: [...head, "-filter_complex", graphs.join(";"), "-map", "[v]", ...audio, ...H264_ENCODING, ...MP4_OUTPUT, input.target], mime: "video/mp4", extension: "mp4" };
}

// The picture

function pictureGraph(input: RecipeInput, longEdge: number): string {
  if (!(input.width > 0 && input.height > 0)) throw new Error("the picture's size is needed to place regions");
  // Scaled first (never enlarged, at most the renditions' size): the regions are then drawn on fewer pixels.
  const scale = Math.min(1, longEdge / Math.max(input.width, input.height));
  const [width, height] = [input.width, input.height].map((side) => (scale < 1 ? 2 * Math.floor((side * scale) / 2) : side)) as [number, number];
  // One pixel format throughout, with no alpha: left to negotiation, an effect could be given a format with an alpha
  // plane, which the overlay would honour (a filter writing no alpha there drew a transparent box: the face showed).
  const first = `[0:v:0]${scale < 1 ? `scale=${width}:${height},` : ""}format=yuv420p[p0]`;
  // Following every keyframe when the graph stays small enough, fewer (with larger boxes) when not.
  for (const follow of FOLLOWED) {
    const graph = graphOf(first, input.plan.regions.flatMap((region) => piecesOf(region, width, height, follow).map((piece) => ({ piece, effect: region.effect }))));
    if (graph.length <= GRAPH_CHARS_MAX) return graph;
  }
  throw new Error("the regions make a graph too large for ffmpeg's command line");
}

function graphOf(first: string, pieces: { piece: Piece; effect: Region["effect"] }[]): string {
  const chains = [first];
  // Piece after piece, each cut from the picture as the pieces before left it: one split of two per piece, joined at
  // once by its overlay, holds a frame or two (one split feeding every piece queued hundreds: ~1 GB at 114 pieces).
  pieces.forEach(({ piece, effect }, i) => {
    const enable = piece.enable ? `:enable='${piece.enable}'` : "";
    chains.push(
      `[p${i}]split[m${i}][c${i}];[c${i}]crop=w=${piece.width}:h=${piece.height}:x='${piece.x}':y='${piece.y}':exact=1,${EFFECTS[effect]}${enable},format=yuv420p[r${i}];` +
        `[m${i}][r${i}]overlay=x='${piece.x}':y='${piece.y}':eval=frame${enable}[p${i + 1}]`,
    );
  });
  chains.push(`[p${pieces.length}]null[v]`);
  return chains.join(";");
}

/**
 * A blur as wide as the box allows (half its shorter side, three passes): what is left is a smooth blend with no
 * feature a detector could find, at any size. A box is an opaque black fill.
 */
const EFFECTS: Record<Region["effect"], string> = {
  blur: "boxblur=luma_radius='min(w,h)/2':luma_power=3:chroma_radius='min(cw,ch)/2':chroma_power=3",
  box: "drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill",
};

// The sound

/** Disguised ranges (or the whole recording), then silenced ranges; any sound is written as it came otherwise. */
function soundChain(ranges: AudioRange[]): string {
  const disguise = ranges.filter((r) => r.effect === "disguise");
  const silence = ranges.filter((r) => r.effect === "silence");
  const chain: string[] = [];
  const shift = `rubberband=pitch=${DISGUISE_PITCH}:formant=shifted`;
  if (disguise.some((r) => r.from_ms === undefined && r.to_ms === undefined)) chain.push(shift);
  else if (disguise.length) {
    // rubberband has no enable=: the disguised and the plain sound are mixed, each muted where the other plays.
    const when = anyOf(disguise);
    chain.push(`asplit=2[plain][shifting];[shifting]${shift},volume=0:enable='not(${when})'[shifted];[plain]volume=0:enable='${when}'[kept];[kept][shifted]amix=inputs=2:normalize=0`);
  }
  if (silence.length) chain.push(`volume=0:enable='${anyOf(silence)}'`);
  return chain.length ? chain.join(",") : "anull";
}

/** True while t is in any of the ranges (a range without an end goes on to the end). */
const anyOf = (ranges: AudioRange[]) =>
  ranges.map((r) => `between(t,${seconds(r.from_ms ?? 0)},${r.to_ms === undefined ? "1e9" : seconds(r.to_ms)})`).join("+");
