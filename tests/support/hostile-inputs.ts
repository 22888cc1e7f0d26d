/**
 * The worst inputs we can construct for the type sniffer and the photo walkers, each at most `bytes` long
 * (default and ceiling: 25 MB, the budget of issue 7). Tests build small ones; bench/hostile.ts builds full-size ones
 * and measures time and peak memory. Each aims at one weak spot: deep nesting, many tiny boxes, huge counts or sizes.
 */
import { concat } from "../../src/media/bytes";
import {
  be, ftyp, fullBox, GIF_HEAD, GIF_IMAGE, heif, isoBox, itemInfo, JPEG_END, JPEG_FRAME, JPEG_SCAN, JPEG_START, latin1,
  PNG_HEADER, PNG_SIGNATURE, pngChunk, repeated, riffChunk, webp,
} from "./crafted-bytes";

export const HOSTILE_MAX_BYTES = 25 * 1024 * 1024;

export type HostileInput = {
  name: string;
  /** What reads it: sniffFile, or stripImage with this mime type. */
  target: "sniff" | `strip ${string}`;
  build(bytes?: number): Uint8Array;
};

const clamp = (bytes: number) => Math.min(bytes, HOSTILE_MAX_BYTES);

// ---- type sniffing ----

const EBML_HEADER = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77]); // EBML { DocType "w" }
const UNKNOWN_SIZE = new Uint8Array([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const SEGMENT = new Uint8Array([0x18, 0x53, 0x80, 0x67]);
const TRACKS = new Uint8Array([0x16, 0x54, 0xae, 0x6b]);

/** WebM whose Segment → Tracks holds TrackEntry inside TrackEntry, 2 bytes a level (unknown sizes): ~32,000 levels in the sniffed head. */
export function webmDeepNesting(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const head = concat([EBML_HEADER, SEGMENT, UNKNOWN_SIZE, TRACKS, UNKNOWN_SIZE]);
  return concat([head, repeated(new Uint8Array([0xae, 0xff]), (clamp(bytes) - head.length) / 2)]);
}

/** WebM whose Segment is nothing but 2-byte Void elements: the most elements per byte. */
export function webmManyElements(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const head = concat([EBML_HEADER, SEGMENT, UNKNOWN_SIZE]);
  return concat([head, repeated(new Uint8Array([0xec, 0x80]), (clamp(bytes) - head.length) / 2)]);
}

/** MP4 of 8-byte "free" boxes before any moov: every box costs the sniffer one read of the file. */
export function mp4ManyTopLevelBoxes(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  return concat([ftyp("isom"), repeated(isoBox("free"), (clamp(bytes) - 32) / 8)]);
}

/** MP4 whose moov holds as many minimal tracks as fit (trak → mdia → free, no hdlr): three header reads per 32 bytes. */
export function mp4ManyTracks(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const trak = isoBox("trak", isoBox("mdia", isoBox("free")));
  return concat([ftyp("isom"), isoBox("moov", repeated(trak, (clamp(bytes) - 64) / trak.length))]);
}

/** MP4 whose second box declares a 64-bit size of 2^62 bytes (far past the file). */
export function mp4HugeDeclaredSize(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const huge = concat([be(1, 4), latin1("mdat"), be(2 ** 62, 8)]);
  return concat([ftyp("isom"), huge, new Uint8Array(Math.max(0, clamp(bytes) - 64))]);
}

// ---- photo walkers ----

/**
 * HEIF with one EXIF item (id 1) and an iloc (version 2) whose every entry names item 1 with 65,535 zero-byte extents
 * (offset and length fields of size 0): a few KB declare billions of ranges covering the whole file.
 */
export function heifIlocBomb(bytes = 4096): Uint8Array {
  const entry = concat([be(1, 4), be(0, 2), be(0, 2), be(0xffff, 2)]); // item_ID, method, data_reference_index, extent_count
  const count = Math.floor((clamp(bytes) - 200) / entry.length);
  return heif([fullBox("iloc", 2, new Uint8Array([0x00, 0x00]), be(count, 4), repeated(entry, count)), itemInfo([[1, "Exif"]])]);
}

/** HEIF whose meta box is filled with 8-byte "free" boxes: the most boxes per byte. */
export function heifManyBoxes(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const emptyIloc = fullBox("iloc", 1, new Uint8Array([0x44, 0x00]), be(0, 2));
  return heif([emptyIloc, itemInfo([[1, "Exif"]]), repeated(isoBox("free"), (clamp(bytes) - 300) / 8)]);
}

/** HEIF with as many EXIF items as the walker's caps allow, each with one extent over the whole mdat: the most blanking. */
export function heifManyItems(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const count = Math.min(16_000, Math.floor((clamp(bytes) - 4096) / 50));
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const iinf = itemInfo(ids.map((id) => [id, "Exif"]));
  const mdat = new Uint8Array(Math.max(0, clamp(bytes) - iinf.length - count * 14 - 512));
  // iloc version 0, 4-byte offsets and lengths; per item: item_ID, data_reference_index, extent_count 1, offset, length.
  const iloc = (mdatStart: number) =>
    fullBox("iloc", 0, new Uint8Array([0x44, 0x00]), be(count, 2), ...ids.map((id) => concat([be(id, 2), be(0, 2), be(1, 2), be(mdatStart, 4), be(mdat.length, 4)])));
  const mdatStart = heif([iloc(0), iinf], mdat).length - mdat.length; // offsets do not change sizes
  return heif([iloc(mdatStart), iinf], mdat);
}

/** JPEG made of 4-byte comment segments: the most segments per byte. */
export function jpegManySegments(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const body = repeated(new Uint8Array([0xff, 0xfe, 0x00, 0x02]), (clamp(bytes) - 32) / 4);
  return concat([JPEG_START, body, JPEG_FRAME, JPEG_SCAN, JPEG_END]);
}

/** JPEG whose final marker is preceded by megabytes of 0xFF fill bytes. */
export function jpegFillBytes(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  return concat([JPEG_START, JPEG_FRAME, JPEG_SCAN, repeated(new Uint8Array([0xff]), clamp(bytes) - 40), JPEG_END]);
}

/** JPEG whose scan is all stuffed 0xFF 0x00 pairs and restart markers: the entropy scan's slowest path. */
export function jpegStuffedScan(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const data = repeated(new Uint8Array([0xff, 0x00, 0xff, 0xd0]), (clamp(bytes) - 40) / 4);
  return concat([JPEG_START, JPEG_FRAME, JPEG_SCAN, data, JPEG_END]);
}

/** PNG of zero-length ancillary chunks with valid CRCs after IHDR: the most chunks (and CRCs) per byte. */
export function pngManyChunks(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const filler = repeated(pngChunk("tEXt", new Uint8Array(0)), (clamp(bytes) - 64) / 12);
  return concat([PNG_SIGNATURE, PNG_HEADER, filler, pngChunk("IEND", new Uint8Array(0))]);
}

/** Extended WebP of 8-byte unknown chunks after VP8X: the most chunks per byte. */
export function webpManyChunks(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  return webp(riffChunk("VP8X", new Uint8Array(10)), repeated(riffChunk("UNKN", new Uint8Array(0)), (clamp(bytes) - 40) / 8));
}

/** Animated WebP of as many minimal ANMF frames as fit, each holding one empty VP8L sub-chunk and an unknown one. */
export function webpManyFrames(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const frame = riffChunk("ANMF", concat([new Uint8Array(16), riffChunk("VP8L", new Uint8Array(0)), riffChunk("UNKN", new Uint8Array(0))]));
  const head = concat([riffChunk("VP8X", new Uint8Array([0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0])), riffChunk("ANIM", new Uint8Array(6))]);
  return webp(head, repeated(frame, (clamp(bytes) - 64) / frame.length));
}

/** GIF whose image data is one-byte sub-blocks: the most sub-blocks per byte. */
export function gifManySubBlocks(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const data = repeated(new Uint8Array([0x01, 0x00]), (clamp(bytes) - 32) / 2);
  return concat([GIF_HEAD, GIF_IMAGE, data, new Uint8Array([0x00, 0x3b])]);
}

/** GIF of empty 3-byte comment extensions before its image: the most blocks per byte. */
export function gifManyExtensions(bytes = HOSTILE_MAX_BYTES): Uint8Array {
  const filler = repeated(new Uint8Array([0x21, 0xfe, 0x00]), (clamp(bytes) - 32) / 3);
  return concat([GIF_HEAD, filler, GIF_IMAGE, new Uint8Array([0x01, 0x00, 0x00, 0x3b])]);
}

/** Every builder, with what reads its output. */
export const HOSTILE_INPUTS: HostileInput[] = [
  { name: "webm-deep-nesting", target: "sniff", build: webmDeepNesting },
  { name: "webm-many-elements", target: "sniff", build: webmManyElements },
  { name: "mp4-many-top-level-boxes", target: "sniff", build: mp4ManyTopLevelBoxes },
  { name: "mp4-many-tracks", target: "sniff", build: mp4ManyTracks },
  { name: "mp4-huge-declared-size", target: "sniff", build: mp4HugeDeclaredSize },
  { name: "heif-iloc-bomb", target: "strip image/heic", build: heifIlocBomb },
  { name: "heif-many-boxes", target: "strip image/heic", build: heifManyBoxes },
  { name: "heif-many-items", target: "strip image/heic", build: heifManyItems },
  { name: "jpeg-many-segments", target: "strip image/jpeg", build: jpegManySegments },
  { name: "jpeg-fill-bytes", target: "strip image/jpeg", build: jpegFillBytes },
  { name: "jpeg-stuffed-scan", target: "strip image/jpeg", build: jpegStuffedScan },
  { name: "png-many-chunks", target: "strip image/png", build: pngManyChunks },
  { name: "webp-many-chunks", target: "strip image/webp", build: webpManyChunks },
  { name: "webp-many-frames", target: "strip image/webp", build: webpManyFrames },
  { name: "gif-many-sub-blocks", target: "strip image/gif", build: gifManySubBlocks },
  { name: "gif-many-extensions", target: "strip image/gif", build: gifManyExtensions },
];
