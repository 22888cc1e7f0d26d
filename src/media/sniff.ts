/**
 * Decides what a file really is from its bytes, never from its name or declared type.
 * Only the kinds design.md §3 accepts are recognised; anything else is undefined (→ 415).
 */
export type MediaKind = "image" | "video" | "audio";
export type Sniffed = { kind: MediaKind; mime: string };

const HEAD_BYTES = 64 * 1024;

const ascii = (b: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...b.subarray(start, start + length));

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

export async function sniffFile(file: Blob): Promise<Sniffed | undefined> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  if (head.length < 12) return undefined;
  return sniffImage(head) ?? sniffAudioSimple(head) ?? (await sniffIsoMedia(file, head)) ?? sniffMatroska(head) ?? sniffOgg(head);
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
  if (ascii(b, 0, 3) === "ID3") return { kind: "audio", mime: "audio/mpeg" };
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
  const ftypSize = u32(head, 0);
  const brands = [ascii(head, 8, 4)];
  for (let at = 16; at + 4 <= Math.min(ftypSize, head.length); at += 4) brands.push(ascii(head, at, 4));
  const major = brands[0]!;
  if (HEIF_BRANDS.has(major) && major !== "avif") return { kind: "image", mime: major === "mif1" || major === "msf1" ? "image/heif" : "image/heic" };
  if (AUDIO_BRANDS.has(major)) return { kind: "audio", mime: "audio/mp4" };
  const quicktime = QUICKTIME_BRANDS.has(major);
  if (!quicktime && !brands.some((brand) => MP4_BRANDS.has(brand))) return undefined;
  const handlers = await trackHandlers(file);
  if (handlers.has("vide")) return { kind: "video", mime: quicktime ? "video/quicktime" : "video/mp4" };
  if (handlers.has("soun")) return { kind: "audio", mime: "audio/mp4" };
  return undefined;
}

/** Handler types ('vide', 'soun', …) of the tracks in the moov box, wherever in the file it sits. */
async function trackHandlers(file: Blob): Promise<Set<string>> {
  const found = new Set<string>();
  let offset = 0;
  for (let boxes = 0; offset + 8 <= file.size && boxes < 1000; boxes++) {
    const header = new Uint8Array(await file.slice(offset, offset + 16).arrayBuffer());
    let size = u32(header, 0);
    const type = ascii(header, 4, 4);
    if (size === 1) size = Number(new DataView(header.buffer).getBigUint64(8));
    else if (size === 0) size = file.size - offset;
    if (size < 8) break;
    if (type === "moov") {
      const moov = new Uint8Array(await file.slice(offset, offset + Math.min(size, 64 * 1024 * 1024)).arrayBuffer());
      for (let at = 0; at + 12 <= moov.length; at++) {
        if (moov[at] === 0x68 && ascii(moov, at, 4) === "hdlr") found.add(ascii(moov, at + 12, 4));
      }
      break;
    }
    offset += size;
  }
  return found;
}

/** Matroska/WebM: video when any track is a video track (TrackType 1), audio when only audio (2). */
function sniffMatroska(b: Uint8Array): Sniffed | undefined {
  if (!(b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)) return undefined;
  const types = new Set<number>();
  walkEbml(b, 0, b.length, types);
  if (types.has(1)) return { kind: "video", mime: "video/webm" };
  if (types.has(2)) return { kind: "audio", mime: "audio/webm" };
  return undefined;
}

const EBML_CONTAINERS = new Set([0x18538067 /* Segment */, 0x1654ae6b /* Tracks */, 0xae /* TrackEntry */]);
const EBML_TRACK_TYPE = 0x83;
const EBML_CLUSTER = 0x1f43b675;

function readVint(b: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | undefined {
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

function walkEbml(b: Uint8Array, start: number, end: number, types: Set<number>): void {
  let at = start;
  while (at < end) {
    const id = readVint(b, at, true);
    if (!id) return;
    const size = readVint(b, at + id.length, false);
    if (!size) return;
    const body = at + id.length + size.length;
    const bodyEnd = size.unknown ? end : Math.min(end, body + size.value);
    if (id.value === EBML_CLUSTER) return; // media data follows; tracks come before it
    if (EBML_CONTAINERS.has(id.value)) walkEbml(b, body, bodyEnd, types);
    else if (id.value === EBML_TRACK_TYPE && size.value === 1) types.add(b[body]!);
    at = bodyEnd;
  }
}

function sniffOgg(b: Uint8Array): Sniffed | undefined {
  if (ascii(b, 0, 4) !== "OggS") return undefined;
  const text = ascii(b, 0, Math.min(b.length, 512));
  if (text.includes("theora")) return undefined;
  if (text.includes("OpusHead") || text.includes("vorbis") || text.includes("FLAC")) return { kind: "audio", mime: "audio/ogg" };
  return undefined;
}
