/**
 * Where a region's box is at each frame, as ffmpeg expressions of the frame's time `t`. ffmpeg's crop has a fixed
 * size per instance, so a region is drawn as pieces: each a fixed-size box whose centre follows the keyframes
 * (linear between them, held before the first and after the last) and is shown only during its stretch of time.
 * A piece's box is never smaller than the region's box at any instant (redaction-recipe.test.ts shows the face
 * never peeks out). When the graph must be smaller, fewer keyframes are followed and each box grows by how far the
 * simpler path strays from the true one, so it still covers the true box.
 */
import type { Box, Region } from "./redaction-plan";

/** One chain of the graph: a box of fixed size whose top-left corner is at x(t), y(t), shown while `enable` holds. */
export type Piece = { width: number; height: number; x: string; y: string; enable: string | undefined };

/** A new piece starts when the box has grown or shrunk by this much, so a box is never much larger than the face. */
const PIECE_GROWTH = 1.25;
/** At most this many pieces per region; past it, pieces are longer and their boxes larger. */
export const PIECES_MAX = 8;
/** The smallest box drawn, in pixels: a blur needs room to spread. */
const BOX_MIN = 8;

type Frame = { at: number; cx: number; cy: number; w: number; h: number };
/** A stretch between two followed keyframes and the size a box needs to cover the true box all along it. */
type Stretch = { from: number; to: number; w: number; h: number };

/** Numbers as short as they can be written (the graph's length is bounded): 1.5 rather than 1.500. */
const short = (n: number, digits: number) => String(Number(n.toFixed(digits)));
export const seconds = (ms: number) => short(ms / 1000, 3);
const num = (n: number) => short(n, 2);
const even = (n: number) => 2 * Math.ceil(n / 2);

const pixels = (at: number, box: Box, width: number, height: number): Frame => ({
  at,
  cx: (box.x + box.width / 2) * width,
  cy: (box.y + box.height / 2) * height,
  w: box.width * width,
  h: box.height * height,
});

/** A side of a box covering `size` pixels: 2 px more for the even rounding of its corner (chroma), even, bounded. */
const side = (size: number, limit: number) => Math.min(limit, Math.max(BOX_MIN, even(Math.ceil(size) + 2)));

/** The top-left corner of a box of `size` centred on `centre`, kept in the picture and on an even pixel. */
const corner = (centre: string, size: number, limit: number) => `2*floor(clip(${centre}-${size / 2},0,${Math.max(0, limit - size)})/2)`;

/** The pieces of a region in a picture of width × height, following at most `follow` (≥ 2) of its keyframes. */
export function piecesOf(region: Region, width: number, height: number, follow: number): Piece[] {
  const during = [
    region.from_ms !== undefined ? `gte(t,${seconds(region.from_ms)})` : "",
    region.to_ms !== undefined ? `lte(t,${seconds(region.to_ms)})` : "",
  ].filter(Boolean);
  const frames = (region.keyframes ?? [{ at_ms: 0, ...region }]).map((k) => pixels(k.at_ms, k, width, height));
  const kept = followed(frames.length, follow);
  const path = kept.map((i) => frames[i]!);
  const stretches: Stretch[] =
    kept.length === 1 ? [{ from: 0, to: 0, w: path[0]!.w, h: path[0]!.h }] : kept.slice(1).map((to, j) => stretchOf(frames, kept[j]!, to, j));
  return group(stretches).map(([first, last], index, all) => {
    const span = path.slice(stretches[first]!.from, stretches[last]!.to + 1);
    const w = side(Math.max(...stretches.slice(first, last + 1).map((s) => s.w)), width);
    const h = side(Math.max(...stretches.slice(first, last + 1).map((s) => s.h)), height);
    // Shown from its first keyframe to the next piece's (the first piece from the start, the last to the end).
    const window = [index > 0 ? `gte(t,${seconds(span[0]!.at)})` : "", index < all.length - 1 ? `lt(t,${seconds(span[span.length - 1]!.at)})` : ""];
    const enable = [...during, ...window.filter(Boolean)].join("*") || undefined;
    return { width: w, height: h, x: corner(track(span, "cx"), w, width), y: corner(track(span, "cy"), h, height), enable };
  });
}

/** Indices of the keyframes followed: all of them, or `follow` spread evenly (always the first and the last). */
function followed(n: number, follow: number): number[] {
  if (n <= follow) return Array.from({ length: n }, (_, i) => i);
  return [...new Set(Array.from({ length: follow }, (_, i) => Math.round((i * (n - 1)) / (follow - 1))))];
}

/**
 * The stretch from keyframe `a` to `b` (the j-th followed): the box must be as large as the largest true box in it,
 * plus twice the furthest the straight path from a to b strays from the true centre (both paths are linear between
 * true keyframes, so the furthest is at one of them).
 */
function stretchOf(frames: Frame[], a: number, b: number, j: number): Stretch {
  const [start, end] = [frames[a]!, frames[b]!];
  let [w, h] = [0, 0];
  for (const f of frames.slice(a, b + 1)) {
    const along = (f.at - start.at) / (end.at - start.at);
    w = Math.max(w, f.w + 2 * Math.abs(f.cx - (start.cx + (end.cx - start.cx) * along)));
    h = Math.max(h, f.h + 2 * Math.abs(f.cy - (start.cy + (end.cy - start.cy) * along)));
  }
  return { from: j, to: j + 1, w, h };
}

/** Groups stretches into pieces [first, last] (indices of stretches) while the box size stays within PIECE_GROWTH. */
function group(stretches: Stretch[]): [number, number][] {
  const grown = (a: number, b: number) => {
    const span = stretches.slice(a, b + 1);
    const ratio = (key: "w" | "h") => Math.max(...span.map((s) => s[key])) / Math.min(...span.map((s) => s[key]));
    return ratio("w") > PIECE_GROWTH || ratio("h") > PIECE_GROWTH;
  };
  const pieces: [number, number][] = [];
  for (let first = 0; first < stretches.length; ) {
    let last = first;
    while (last + 1 < stretches.length && !grown(first, last + 1)) last++;
    pieces.push([first, last]);
    first = last + 1;
  }
  if (pieces.length <= PIECES_MAX) return pieces;
  const per = Math.ceil(stretches.length / PIECES_MAX);
  return Array.from({ length: Math.ceil(stretches.length / per) }, (_, i) => [i * per, Math.min(stretches.length, (i + 1) * per) - 1] as [number, number]);
}

/**
 * A coordinate of the centre over time, linear between keyframes and held before the first and after the last: one
 * flat sum of terms (a nested if() of hundreds of keyframes would be deep for ffmpeg's expression parser).
 */
function track(frames: Frame[], key: "cx" | "cy"): string {
  const first = frames[0]!;
  const last = frames[frames.length - 1]!;
  if (frames.length === 1) return num(first[key]);
  const terms = [`lt(t,${seconds(first.at)})*${num(first[key])}`, `gte(t,${seconds(last.at)})*${num(last[key])}`];
  for (let i = 0; i < frames.length - 1; i++) {
    const [a, b] = [frames[i]!, frames[i + 1]!];
    const [from, to] = [seconds(a.at), seconds(b.at)];
    terms.push(`gte(t,${from})*lt(t,${to})*(${num(a[key])}+(${num(b[key] - a[key])})*(t-${from})/${seconds(b.at - a.at)})`);
  }
  return `(${terms.join("+")})`;
}
