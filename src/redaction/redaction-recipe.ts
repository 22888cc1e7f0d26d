/**
 * The ffmpeg command that makes an item's redacted copy (docs/redaction.md): regions of the picture blurred or boxed
 * (still, timed, or moving between keyframes), ranges of the sound disguised or silenced, and nothing of the
 * original's metadata. The graph stays bounded whatever the plan (redaction-plan.ts bounds it): at most
 * REGIONS_MAX × PIECES_MAX crop/effect/overlay chains, each moving by an expression of the frame's time.
 */
import { AAC_ENCODING, demuxerOf, fit, H264_ENCODING, inputOf, LONG_EDGE, MP4_OUTPUT, NO_METADATA, QUIET } from "../renditions/recipes";
import type { AudioRange, Box, RedactionPlan, Region } from "./redaction-plan";

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
 * A moving region is drawn by pieces, each a fixed-size box following the face's centre; a new piece starts when
 * the face has grown or shrunk by this much, so a box is never much larger than the face it hides.
 */
const PIECE_GROWTH = 1.25;
/** At most this many pieces per region (the graph's bound): past it, pieces are longer and their boxes larger. */
export const PIECES_MAX = 8;
/** A voice is disguised by shifting its pitch and its formants together down by this ratio (about five semitones). */
export const DISGUISE_PITCH = 0.75;
/** The smallest box drawn, in pixels: a blur needs room to spread. */
const BOX_MIN = 8;

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

/** One chain of the graph: a fixed-size box whose top-left corner follows x(t), y(t), shown while `enable` holds. */
type Piece = { width: number; height: number; x: string; y: string; enable: string | undefined };

function pictureGraph(input: RecipeInput, longEdge: number): string {
  const { width, height } = input;
  if (!(width > 0 && height > 0)) throw new Error("the picture's size is needed to place regions");
  const pieces = input.plan.regions.flatMap((region) => piecesOf(region, width, height).map((piece) => ({ piece, effect: region.effect })));
  // Never enlarged, at most the size of the renditions made from it; 4:2:0 as every browser plays it.
  const last = input.kind === "video" ? `${fit(longEdge)},format=yuv420p` : fit(longEdge);
  if (pieces.length === 0) return `[0:v:0]${last}[v]`;
  // One pixel format throughout, with no alpha: left to negotiation, an effect could be given a format with an alpha
  // plane, which the overlay would honour (a filter writing no alpha there drew a transparent box: the face showed).
  const chains = [`[0:v:0]format=yuv420p,split=${pieces.length + 1}[p0]${pieces.map((_, i) => `[c${i}]`).join("")}`];
  pieces.forEach(({ piece, effect }, i) => {
    const enable = piece.enable ? `:enable='${piece.enable}'` : "";
    chains.push(`[c${i}]crop=w=${piece.width}:h=${piece.height}:x='${piece.x}':y='${piece.y}':exact=1,${EFFECTS[effect]}${enable},format=yuv420p[r${i}]`);
    chains.push(`[p${i}][r${i}]overlay=x='${piece.x}':y='${piece.y}':eval=frame${enable}[p${i + 1}]`);
  });
  chains.push(`[p${pieces.length}]${last}[v]`);
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

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const num = (n: number) => n.toFixed(2);
const even = (n: number) => 2 * Math.ceil(n / 2);

/** The pixels of a box: its centre and its size. */
const pixels = (box: Box, width: number, height: number) => ({
  cx: (box.x + box.width / 2) * width,
  cy: (box.y + box.height / 2) * height,
  w: box.width * width,
  h: box.height * height,
});

/**
 * A side of a fixed box covering boxes up to `size` pixels wide: 2 px more for the even rounding of its position
 * (chroma), even, at least BOX_MIN, at most the picture's.
 */
const side = (size: number, limit: number) => Math.min(limit, Math.max(BOX_MIN, even(Math.ceil(size) + 2)));

/** The top-left corner of a box of `size` centred on `centre`, kept in the picture and on an even pixel. */
const corner = (centre: string, size: number, limit: number) => `2*floor(clip(${centre}-${size / 2},0,${Math.max(0, limit - size)})/2)`;

function piecesOf(region: Region, width: number, height: number): Piece[] {
  const times = [region.from_ms !== undefined ? `gte(t,${seconds(region.from_ms)})` : "", region.to_ms !== undefined ? `lte(t,${seconds(region.to_ms)})` : ""];
  const during = times.filter(Boolean);
  const keyframes = region.keyframes ?? [{ at_ms: 0, x: region.x, y: region.y, width: region.width, height: region.height }];
  const frames = keyframes.map((k) => ({ at: k.at_ms, ...pixels(k, width, height) }));
  return groupPieces(frames.length).map(([first, lastFrame], index, all) => {
    const span = frames.slice(first, lastFrame + 1);
    const w = side(Math.max(...span.map((f) => f.w)), width);
    const h = side(Math.max(...span.map((f) => f.h)), height);
    // Each piece is shown from its first keyframe to the next piece's (the first from the start, the last to the end).
    const window = [index > 0 ? `gte(t,${seconds(frames[first]!.at)})` : "", index < all.length - 1 ? `lt(t,${seconds(frames[lastFrame]!.at)})` : ""];
    const enable = [...during, ...window.filter(Boolean)].join("*");
    return { width: w, height: h, x: corner(track(span, "cx"), w, width), y: corner(track(span, "cy"), h, height), enable: enable || undefined };
  });

  /** Splits keyframes 0…n−1 into pieces [first, last] sharing their boundary keyframes, at most PIECES_MAX. */
  function groupPieces(n: number): [number, number][] {
    if (n === 1) return [[0, 0]];
    const grown = (a: number, b: number) => {
      const span = frames.slice(a, b + 1);
      const ratio = (key: "w" | "h") => Math.max(...span.map((f) => f[key])) / Math.min(...span.map((f) => f[key]));
      return ratio("w") > PIECE_GROWTH || ratio("h") > PIECE_GROWTH;
    };
    const pieces: [number, number][] = [];
    for (let first = 0; first < n - 1; ) {
      let last = first + 1;
      while (last < n - 1 && !grown(first, last + 1)) last++;
      pieces.push([first, last]);
      first = last;
    }
    if (pieces.length <= PIECES_MAX) return pieces;
    const per = Math.ceil((n - 1) / PIECES_MAX);
    return Array.from({ length: Math.ceil((n - 1) / per) }, (_, i) => [i * per, Math.min(n - 1, (i + 1) * per)] as [number, number]);
  }
}

/**
 * A coordinate of the centre over time, linear between keyframes and held before the first and after the last: one
 * flat sum of terms (a nested if() of hundreds of keyframes would be deep for ffmpeg's expression parser).
 */
function track(frames: { at: number; cx: number; cy: number }[], key: "cx" | "cy"): string {
  const first = frames[0]!;
  const last = frames[frames.length - 1]!;
  if (frames.length === 1) return num(first[key]);
  const terms = [`lt(t,${seconds(first.at)})*${num(first[key])}`, `gte(t,${seconds(last.at)})*${num(last[key])}`];
  for (let i = 0; i < frames.length - 1; i++) {
    const [a, b] = [frames[i]!, frames[i + 1]!];
    const slope = (b[key] - a[key]) / ((b.at - a.at) / 1000);
    terms.push(`gte(t,${seconds(a.at)})*lt(t,${seconds(b.at)})*(${num(a[key])}+${slope.toFixed(4)}*(t-${seconds(a.at)}))`);
  }
  return `(${terms.join("+")})`;
}

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
