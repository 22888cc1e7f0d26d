import { asciiBytes, PatchList, replace, zeros, type Patch } from "./patch";
import { boxAt, childOf, type Box } from "./mp4-box";
import { jpegMetadataRanges } from "./jpeg-in-place";
import { MAX_RANGES, trackSampleRanges, trackSamples, type FileRange } from "./mp4-samples";
import { ByteSource, concatBytes, fail, fourcc, u32le } from "./source";

/**
 * ISO base media (MP4, MOV, M4A, 3GP). Place and device live in `udta` (©xyz, ©mak, ©mod, loci, XMP_) and `meta`
 * (keys/ilst: com.apple.quicktime.location.ISO6709, make, model, software), at movie and at track level; the
 * recording time in mvhd/tkhd/mdhd. Boxes are checked against their parent; what is not known to be needed for
 * playback becomes `free` with a zeroed body, so every offset (stco/co64) stays valid. A video coded as Motion-JPEG
 * carries an EXIF block (place, device, serial) in every frame: each frame is cleaned in place (jpeg-in-place.ts);
 * a video in a coding whose pictures we do not know to be free of such blocks (PNG, TIFF, GIF, DV, …) is not
 * published.
 */

/** How much of a moov (or moof) may be read into memory; a larger one is not published. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;
const MAX_TOP_LEVEL_BOXES = 200_000;
const MAX_CHILD_BOXES = 100_000;
const MAX_DEPTH = 12;

/** Containers walked into, and the children each may keep; any other child is neutralised. */
const KEPT_CHILDREN: Record<string, Set<string>> = {
  moov: new Set(["mvhd", "trak", "mvex", "iods"]),
  trak: new Set(["tkhd", "tref", "edts", "mdia", "tapt"]),
  edts: new Set(["elst"]),
  mdia: new Set(["mdhd", "hdlr", "minf", "elng"]),
  minf: new Set(["vmhd", "smhd", "hmhd", "nmhd", "gmhd", "dinf", "stbl", "hdlr"]),
  dinf: new Set(["dref"]),
  stbl: new Set(["stsd", "stts", "ctts", "cslg", "stss", "stps", "stsc", "stsz", "stz2", "stco", "co64", "sdtp", "sbgp", "sgpd", "subs", "saiz", "saio", "padb", "stdp", "stsh"]),
  mvex: new Set(["mehd", "trex", "leva"]),
  moof: new Set(["mfhd", "traf"]),
  traf: new Set(["tfhd", "tfdt", "trun", "sbgp", "sgpd", "subs", "saiz", "saio", "senc"]),
};
const CONTAINERS = new Set(Object.keys(KEPT_CHILDREN));

/**
 * Top-level boxes that carry media or structure only; any other top-level box is neutralised (free, skip and wide
 * too: editors leave removed metadata in them).
 */
const KEPT_TOP_LEVEL = new Set(["ftyp", "moov", "mdat", "moof", "mfra", "sidx", "ssix", "styp", "prft", "pdin"]);
/** Top-level boxes whose children are checked (their bodies are read). */
const WALKED_TOP_LEVEL = new Set(["moov", "moof"]);
/**
 * Video codings whose frames hold no place or device: H.264, HEVC, Dolby Vision, AV1, VP8/9, VVC, MPEG-4 Part 2,
 * H.263 and ProRes. (Their bitstreams may carry free-form SEI user data; cameras put their metadata in the
 * container instead, which is walked.)
 */
const PLAIN_VIDEO = new Set([
  ...["avc1", "avc2", "avc3", "avc4", "hvc1", "hev1", "dvh1", "dvhe", "dva1", "dvav", "av01", "vp08", "vp09", "vvc1", "vvi1"],
  ...["mp4v", "s263", "h263", "apch", "apcn", "apcs", "apco", "ap4h", "ap4x"],
]);
/** Motion-JPEG (QuickTime's photo-JPEG and Motion-JPEG A, Avid's, OpenDML's): each frame is a JPEG file. */
const MOTION_JPEG = new Set(["jpeg", "mjpa", "AVDJ", "AVRn", "dmb1", "mjpg", "MJPG"]);
/** The largest Motion-JPEG frame walked (an 8K JPEG fits); a larger one is not published. */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

/** Headers whose creation and modification times are zeroed. */
const TIMED_HEADERS = new Set(["mvhd", "tkhd", "mdhd"]);
/** Track handlers of audio and video; a track of any other kind (timed metadata, text) is dropped. */
const MEDIA_HANDLERS = new Set(["vide", "soun"]);

const FREE = asciiBytes("free"); // one array for every patch that retypes a box (there may be 50,000)

/** `free` with a zeroed body, offsets kept. */
const neutralise = (box: Box, base: number): Patch[] => [
  replace(base + box.at + 4, FREE),
  zeros(base + box.at + box.headerSize, box.size - box.headerSize),
];

/** Zeroes creation and modification time of mvhd/tkhd/mdhd (version 0: 32-bit each; version 1: 64-bit each). */
function zeroTimes(b: Uint8Array, box: Box, base: number): Patch[] {
  const body = box.at + box.headerSize;
  const width = b[body] === 1 ? 16 : 8;
  if (box.size - box.headerSize < 4 + width) fail(`${box.type} too short`);
  return [zeros(base + body + 4, width)];
}

/**
 * What a walk found: planned patches, boxes seen, dropped tracks and their samples, Motion-JPEG frames (both must
 * lie inside an mdat: checked once every top-level box is known).
 */
type Walk = { patches: PatchList; boxes: number; dropped: number; samples: FileRange[]; motionJpeg: boolean; frames: FileRange[] };

/** Walks the children of the container whose body is b[start, end); b begins at file offset base. */
function walkChildren(b: Uint8Array, start: number, end: number, container: string, base: number, depth: number, walk: Walk): void {
  if (depth > MAX_DEPTH) fail("boxes nested too deeply");
  const kept = KEPT_CHILDREN[container]!;
  for (let at = start; at < end; ) {
    if (++walk.boxes > MAX_CHILD_BOXES) fail("too many boxes");
    const box = boxAt(b, at, end, false);
    const handler = container === "moov" && box.type === "trak" ? handlerOf(b, box) : undefined;
    if (handler === "vide") motionJpegFrames(b, box, walk);
    if (handler && !MEDIA_HANDLERS.has(handler)) dropTrack(b, box, base, walk);
    else if (!kept.has(box.type)) walk.patches.add(...neutralise(box, base));
    else if (TIMED_HEADERS.has(box.type)) walk.patches.add(...zeroTimes(b, box, base));
    else if (CONTAINERS.has(box.type)) walkChildren(b, at + box.headerSize, at + box.size, box.type, base, depth + 1, walk);
    at += box.size;
  }
}

/** The handler type of a track ('vide', 'soun', 'meta', 'text', …). */
function handlerOf(b: Uint8Array, trak: Box): string {
  const mdia = childOf(b, trak, "mdia") ?? fail("a track without media");
  const hdlr = childOf(b, mdia, "hdlr") ?? fail("a track without a handler");
  if (hdlr.size < hdlr.headerSize + 12) fail("hdlr too short");
  return fourcc(b, hdlr.at + hdlr.headerSize + 8);
}

const stblOf = (b: Uint8Array, trak: Box) =>
  childOf(b, childOf(b, childOf(b, trak, "mdia")!, "minf") ?? fail("a track without minf"), "stbl") ?? fail("a track without stbl");

/**
 * A video track's codings (its sample entries in stsd): when they are Motion-JPEG, its frames are added to the walk
 * (to be cleaned once the file's layout is checked); when any is neither Motion-JPEG nor plain video, the file
 * fails.
 */
function motionJpegFrames(b: Uint8Array, trak: Box, walk: Walk): void {
  const stbl = stblOf(b, trak);
  const stsd = childOf(b, stbl, "stsd") ?? fail("a video track without sample descriptions");
  const codings: string[] = [];
  const end = stsd.at + stsd.size;
  for (let at = stsd.at + stsd.headerSize + 8; at < end; at += boxAt(b, at, end, false).size) codings.push(fourcc(b, at + 4));
  if (codings.every((coding) => PLAIN_VIDEO.has(coding))) return;
  if (!codings.every((coding) => MOTION_JPEG.has(coding))) fail(`a video coded as ${JSON.stringify(codings)}`);
  walk.motionJpeg = true;
  const frames = trackSamples(b, stbl);
  if (walk.frames.length + frames.length > MAX_RANGES) fail("too many Motion-JPEG frames");
  for (const frame of frames) walk.frames.push(frame);
}

/**
 * Each Motion-JPEG frame (checked to lie in an mdat) read and walked; its APPn and COM payloads zeroed in place.
 * Frames may not overlap, so no byte is walked twice (100,000 frames naming one 16 MB range would be 1.6 TB).
 */
async function cleanFrames(source: ByteSource, frames: FileRange[], patches: PatchList): Promise<void> {
  frames.sort((x, y) => x.at - y.at);
  let walked = 0;
  for (const frame of frames) {
    if (frame.length > MAX_FRAME_BYTES) fail("a Motion-JPEG frame too large to walk");
    if (frame.at < walked) fail("Motion-JPEG frames that overlap");
    walked = frame.at + frame.length;
    const ranges = jpegMetadataRanges(await source.read(frame.at, frame.length)) ?? fail("a Motion-JPEG frame that is not a whole JPEG");
    for (const [start, end] of ranges) patches.add(zeros(frame.at + start, end - start));
  }
}

/**
 * A track that is neither audio nor video (timed metadata, subtitles, timecode: a drone's or phone's place may be
 * in its samples): its samples are zeroed in the mdat and the track becomes a free box.
 */
function dropTrack(b: Uint8Array, trak: Box, base: number, walk: Walk): void {
  for (const range of trackSampleRanges(b, stblOf(b, trak))) {
    walk.samples.push(range);
    walk.patches.add(zeros(range.at, range.length));
  }
  walk.patches.add(...neutralise(trak, base));
  walk.dropped++;
}

/**
 * Samsung phones append a trailer that is not a box ("SEFH" … length "SEFT"; exiftool's Samsung trailer). Returns
 * where it starts (the file's size when there is none) and turns it into one free box with a zeroed body.
 */
async function samsungTrailer(source: ByteSource, patches: PatchList): Promise<number> {
  if (source.size < 16) return source.size;
  const tail = await source.read(source.size - 8, 8);
  if (fourcc(tail, 4) !== "SEFT") return source.size;
  const start = source.size - 8 - u32le(tail, 0);
  if (start < 0 || fourcc(await source.read(start, 4), 0) !== "SEFH") fail("a Samsung trailer that does not add up");
  const length = source.size - start;
  if (length >= 2 ** 32) fail("Samsung trailer too large");
  patches.add(replace(start, concatBytes(Uint8Array.of(length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff), asciiBytes("free"))));
  patches.add(zeros(start + 8, length - 8));
  return start;
}

export async function planMp4(source: ByteSource): Promise<Patch[]> {
  const walk: Walk = { patches: new PatchList(), boxes: 0, dropped: 0, samples: [], motionJpeg: false, frames: [] };
  const end = await samsungTrailer(source, walk.patches);
  const mediaData: FileRange[] = [];
  let movies = 0;
  let fragments = 0;
  for (let at = 0, count = 0; at < end; count++) {
    if (count > MAX_TOP_LEVEL_BOXES) fail("too many top-level boxes");
    const left = end - at;
    if (!source.has(at, Math.min(16, left))) await source.load(at, Math.min(16, left));
    const box = boxAt(source.bytes, at - source.offset, at - source.offset + left, true);
    if (count === 0 && box.type !== "ftyp") fail("not an ISO media file");
    if (box.type === "mdat") mediaData.push({ at: at + box.headerSize, length: box.size - box.headerSize });
    if (!KEPT_TOP_LEVEL.has(box.type)) walk.patches.add(...neutralise(box, source.offset));
    else if (WALKED_TOP_LEVEL.has(box.type)) {
      if (box.size > MAX_MOOV_BYTES) fail(`${box.type} larger than ${MAX_MOOV_BYTES} bytes`);
      if (box.type === "moov") movies++;
      else fragments++;
      const bytes = await source.read(at, box.size);
      walkChildren(bytes, box.headerSize, box.size, box.type, at, 1, walk);
    }
    at += box.size;
  }
  if (movies !== 1) fail("not exactly one moov");
  // A fragment's samples are found through its own tables (trun), which are not followed for dropped tracks.
  if (walk.dropped > 0 && fragments > 0) fail("a fragmented file with a track that is neither audio nor video");
  // Likewise a fragment's Motion-JPEG frames (the moov's tables may list none of them).
  if (walk.motionJpeg && fragments > 0) fail("a fragmented Motion-JPEG video");
  for (const s of [walk.samples, walk.frames].flat()) {
    const m = lastStartingBy(mediaData, s.at);
    if (!m || s.at + s.length > m.at + m.length) fail("samples outside the media data");
  }
  await cleanFrames(source, walk.frames, walk.patches);
  return walk.patches.items;
}

/** In ranges sorted by start, the last one starting at or before `at` (binary search). */
function lastStartingBy(ranges: FileRange[], at: number): FileRange | undefined {
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ranges[mid]!.at <= at) low = mid + 1;
    else high = mid;
  }
  return ranges[low - 1];
}
