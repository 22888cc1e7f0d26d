import { ascii, u32be } from "./bytes";
import { type BoxBudget, ISO_HEADER_BYTES, type IsoBox, isoBoxHeader } from "./iso-box";
import { frameLength } from "./strip/mpeg-audio";

/**
 * Decides what a file really is from its bytes, never from its name or declared type.
 * Only the kinds design.md §3 accepts are recognised; anything else is undefined (→ 415).
 */
export type MediaKind = "image" | "video" | "audio";
export type Sniffed = { kind: MediaKind; mime: string };

export const HEAD_BYTES = 64 * 1024;

const MAX_ISO_BOXES = 4096;

export const readRange = (file: Blob, start: number, end: number) => file.slice(start, end).bytes();

export type ReadAt = (start: number, end: number) => Promise<Uint8Array>;

/**
 * Reads small ranges of a file through a window of HEAD_BYTES, starting with the head already read: walking many
 * small boxes then costs one read per window, not one (and one buffer) per box.
 */
export function windowedReader(file: Blob, head: Uint8Array): ReadAt {
  let window = { start: 0, bytes: head };
  return async (start, end) => {
    if (start < window.start || end > window.start + window.bytes.length) {
      window = { start, bytes: await readRange(file, start, start + HEAD_BYTES) };
    }
    return window.bytes.subarray(start - window.start, end - window.start);
  };
}

export async function sniffFile(file: Blob): Promise<Sniffed | undefined> {
  const head = await readRange(file, 0, HEAD_BYTES);
  if (head.length < 12) return undefined;
  if (ascii(head, 0, 3) === "ID3") return sniffBehindId3(file, head);
  return sniffImage(head) ?? sniffAudioSimple(head) ?? (await sniffIsoMedia(file, head)) ?? sniffMatroska(head) ?? sniffOgg(head);
}

/** ID3v2 tags in a row at most (some taggers stack one per tool). */
const MAX_ID3_TAGS = 4;

/**
 * An ID3v2 tag is only a prefix: what follows it must be an MPEG audio or ADTS frame. ffmpeg skips the tag and
 * guesses the format of the rest, so an "MP3" of a tag and an ffconcat script or HLS playlist would otherwise be
 * taken, and read other files when copied (docs/security.md, "What ffmpeg may read").
 */
async function sniffBehindId3(file: Blob, head: Uint8Array): Promise<Sniffed | undefined> {
  let at = 0;
  for (let tags = 0; tags < MAX_ID3_TAGS; tags++) {
    const h = at === 0 ? head : await readRange(file, at, at + 10);
    if (ascii(h, 0, 3) !== "ID3") break;
    if (h.length < 10 || (h[6]! | h[7]! | h[8]! | h[9]!) & 0x80) return undefined;
    const footer = (h[5]! & 0x10) !== 0;
    at += 10 + ((h[6]! << 21) | (h[7]! << 14) | (h[8]! << 7) | h[9]!) + (footer ? 10 : 0);
  }
  const frame = await readRange(file, at, at + 8);
  if (frameLength(frame, 0, frame.length) === undefined) return undefined;
  return (frame[1]! & 0x06) === 0 ? { kind: "audio", mime: "audio/aac" } : { kind: "audio", mime: "audio/mpeg" };
}

function sniffImage(b: Uint8Array): Sniffed | undefined {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: "image", mime: "image/jpeg" };
  if (ascii(b, 0, 8) === "\x89PNG\r\n\x1a\n") return { kind: "image", mime: "image/png" };
  if (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a") return { kind: "image", mime: "image/gif" };
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return { kind: "image", mime: "image/webp" };
  return undefined;
}

function sniffAudioSimple(b: Uint8Array): Sniffed | undefined {
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WAVE") return { kind: "audio", mime: "audio/wav" };
  if (b[0] === 0xff && (b[1]! & 0xf6) === 0xf0) return { kind: "audio", mime: "audio/aac" }; // ADTS
  if (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0) return { kind: "audio", mime: "audio/mpeg" }; // MPEG audio frame
  return undefined;
}

const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif"]);
const QUICKTIME_BRANDS = new Set(["qt  "]);
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "F4A "]);
const MP4_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "mp71", "avc1", "dash", "M4V ", "M4VH", "M4VP", "f4v ", "MSNV", "NDAS", "3gp4", "3gp5", "3gp6", "3g2a", "mmp4"]);

/** ISO base media (MP4, MOV, M4A, HEIF): the brand, and for MP4 whether a video track exists. */
async function sniffIsoMedia(file: Blob, head: Uint8Array): Promise<Sniffed | undefined> {
  if (ascii(head, 4, 4) !== "ftyp") return undefined;
  const ftypSize = u32be(head, 0);
  const brands = [ascii(head, 8, 4)];
  for (let at = 16; at + 4 <= Math.min(ftypSize, head.length); at += 4) brands.push(ascii(head, at, 4));
  const major = brands[0]!;
  if (HEIF_BRANDS.has(major) && major !== "avif") return { kind: "image", mime: major === "mif1" || major === "msf1" ? "image/heif" : "image/heic" };
  if (AUDIO_BRANDS.has(major)) return { kind: "audio", mime: "audio/mp4" };
  const quicktime = QUICKTIME_BRANDS.has(major);
  if (!quicktime && !brands.some((brand) => MP4_BRANDS.has(brand))) return undefined;
  const handlers = await trackHandlers(file, head);
  if (handlers.has("vide")) return { kind: "video", mime: quicktime ? "video/quicktime" : "video/mp4" };
  if (handlers.has("soun")) return { kind: "audio", mime: "audio/mp4" };
  return undefined;
}

/** Boxes one level deep in [start, end) of the file, read header by header; stops at the first that does not fit. */
async function* fileBoxes(read: ReadAt, start: number, end: number, budget: BoxBudget): AsyncGenerator<IsoBox> {
  for (let at = start; at < end && budget.left-- > 0; ) {
    const box = isoBoxHeader(await read(at, at + ISO_HEADER_BYTES), 0, end - at); // offsets relative to `at`
    if (!box) return;
    yield { type: box.type, start: at, body: at + box.body, end: at + box.end };
    at += box.end;
  }
}

export async function firstBox(read: ReadAt, parent: { body: number; end: number }, type: string, budget: BoxBudget) {
  for await (const box of fileBoxes(read, parent.body, parent.end, budget)) if (box.type === type) return box;
  return undefined;
}

/**
 * Handler types ('vide', 'soun', …) of the tracks (moov → trak → mdia → hdlr), wherever in the file moov sits.
 * Only box headers are read, so memory stays constant; the box budget bounds the number of reads.
 */
async function trackHandlers(file: Blob, head: Uint8Array): Promise<Set<string>> {
  const found = new Set<string>();
  const budget = { left: MAX_ISO_BOXES };
  const read = windowedReader(file, head);
  const moov = await firstBox(read, { body: 0, end: file.size }, "moov", budget);
  if (!moov) return found;
  for await (const trak of fileBoxes(read, moov.body, moov.end, budget)) {
    if (trak.type !== "trak") continue;
    const mdia = await firstBox(read, trak, "mdia", budget);
    const hdlr = mdia && (await firstBox(read, mdia, "hdlr", budget));
    // hdlr is a full box: version and flags, pre_defined (QuickTime: component type), then the handler type.
    if (hdlr && hdlr.body + 12 <= hdlr.end) found.add(ascii(await read(hdlr.body + 8, hdlr.body + 12), 0, 4));
  }
  return found;
}

/** Matroska/WebM: video when any track is a video track (TrackType 1), audio when only audio (2). */
function sniffMatroska(b: Uint8Array): Sniffed | undefined {
  if (!(b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)) return undefined;
  const types = ebmlTrackTypes(b);
  if (!types) return undefined;
  if (types.has(1)) return { kind: "video", mime: "video/webm" };
  if (types.has(2)) return { kind: "audio", mime: "audio/webm" };
  return undefined;
}

// The master elements entered on the way to the track types: Segment → Tracks → TrackEntry. Nothing else is
// entered, so nesting cannot grow beyond this path however deep a crafted file nests.
const EBML_PATH = [0x18538067, 0x1654ae6b, 0xae];
const EBML_TRACK_TYPE = 0x83;
const EBML_CLUSTER = 0x1f43b675;
const MAX_EBML_ELEMENTS = 4096;
const EBML_MAX_HEADER = 12;

export function readVint(b: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | undefined {
  const first = b[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > b.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i]!;
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/**
 * Track types found before the first Cluster, in a head of the file (which may cut elements short).
 * Undefined when an element does not fit inside its parent or an ID or size is invalid (fail closed).
 */
function ebmlTrackTypes(b: Uint8Array): Set<number> | undefined {
  const types = new Set<number>();
  const ends = [Number.POSITIVE_INFINITY]; // declared ends of the entered elements, innermost last
  let at = 0;
  // An element header (ID + size) takes at most 12 bytes; fewer left means the head cut it short.
  for (let visited = 0; visited < MAX_EBML_ELEMENTS && at + EBML_MAX_HEADER <= b.length; visited++) {
    while (ends.length > 1 && at >= ends.at(-1)!) ends.pop();
    const parentEnd = ends.at(-1)!;
    const id = readVint(b, at, true);
    const size = id && readVint(b, at + id.length, false);
    if (!id || !size) return undefined;
    const body = at + id.length + size.length;
    const depth = ends.length - 1;
    if (id.value === EBML_CLUSTER) break; // media data follows; tracks come before it
    if (!size.unknown && body + size.value > parentEnd) return undefined;
    if (id.value === EBML_PATH[depth]) {
      ends.push(size.unknown ? parentEnd : body + size.value);
      at = body;
      continue;
    }
    if (size.unknown) break; // only entered masters may be of unknown size: nothing further can be skipped
    if (depth === EBML_PATH.length && id.value === EBML_TRACK_TYPE && size.value === 1 && body < b.length) types.add(b[body]!);
    at = body + size.value;
  }
  return types;
}

function sniffOgg(b: Uint8Array): Sniffed | undefined {
  if (ascii(b, 0, 4) !== "OggS") return undefined;
  const text = ascii(b, 0, Math.min(b.length, 512));
  if (text.includes("theora")) return undefined;
  if (text.includes("OpusHead") || text.includes("vorbis") || text.includes("FLAC")) return { kind: "audio", mime: "audio/ogg" };
  return undefined;
}
