/**
 * Builders of crafted video and audio bytes for strippers' tests: MP4 boxes, EBML elements, Ogg pages, MPEG frames,
 * ID3 tags and RIFF chunks, plus stripping in memory (plan + patches) to look at the result.
 */
import { planAvStrip } from "../../src/media/strip/av";
import { oggCrc } from "../../src/media/strip/ogg";
import { patchChunk } from "../../src/media/strip/patch";
import { concatBytes } from "../../src/media/strip/source";

export const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

export const concat = concatBytes;

export const be32 = (n: number) => Uint8Array.of(n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
export const le32 = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
export const contains = (haystack: Uint8Array, needle: string) => Buffer.from(haystack).includes(needle);

/** The file after its public copy was made in memory, or undefined when it would be withheld. */
export async function stripped(bytes: Uint8Array<ArrayBuffer>, mime: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const patches = await planAvStrip(new Blob([bytes]), mime);
  if (!patches) return undefined;
  const copy = bytes.slice();
  patchChunk(copy, 0, patches, 0);
  return copy;
}

// ISO base media

export const box = (type: string, ...body: Uint8Array[]) => concat(be32(8 + body.reduce((n, b) => n + b.length, 0)), text(type), ...body);

/** mvhd/tkhd/mdhd version 0 with creation and modification time set, the rest zero. */
const timedHeader = (type: string, length: number) => box(type, Uint8Array.of(0, 0, 0, 0), be32(0x7fffffff), be32(0x7fffffff), new Uint8Array(length - 8));
const hdlr = (handler: string) => box("hdlr", new Uint8Array(8), text(handler), new Uint8Array(13));

export function track(handler = "vide", ...extra: Uint8Array[]) {
  const stbl = box("stbl", box("stsd", new Uint8Array(8)), box("stts", new Uint8Array(8)), box("stsc", new Uint8Array(8)), box("stsz", new Uint8Array(12)), box("stco", new Uint8Array(8)));
  return box("trak", timedHeader("tkhd", 84), box("mdia", timedHeader("mdhd", 24), hdlr(handler), box("minf", box("vmhd", new Uint8Array(12)), stbl)), ...extra);
}

/** A track of another kind (timed metadata, subtitles) whose samples sit in chunks at the given file offsets. */
export function dataTrack(handler: string, chunks: { at: number; sizes: number[] }[]) {
  const entries = (values: number[]) => {
    const out = new Uint8Array(values.length * 4);
    values.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v));
    return out;
  };
  const samples = chunks.flatMap((c) => c.sizes);
  const stsc = box("stsc", new Uint8Array(4), be32(chunks.length), ...chunks.map((c, i) => entries([i + 1, c.sizes.length, 1])));
  const stsz = box("stsz", new Uint8Array(8), be32(samples.length), entries(samples));
  const stco = box("stco", new Uint8Array(4), be32(chunks.length), entries(chunks.map((c) => c.at)));
  return box("trak", timedHeader("tkhd", 84), box("mdia", timedHeader("mdhd", 24), hdlr(handler), box("minf", box("nmhd", new Uint8Array(4)), box("stbl", stsc, stsz, stco))));
}

/**
 * A video track coded as `coding` ("jpeg": QuickTime's Motion-JPEG) whose samples sit in chunks at the given file
 * offsets.
 */
export function codedVideoTrack(coding: string, chunks: { at: number; sizes: number[] }[]) {
  const entries = (values: number[]) => concat(...values.map(be32));
  const samples = chunks.flatMap((c) => c.sizes);
  const sampleEntry = box(coding, new Uint8Array(6), Uint8Array.of(0, 1), new Uint8Array(16), Uint8Array.of(0, 1, 0, 1), new Uint8Array(50));
  const stbl = box(
    "stbl",
    box("stsd", new Uint8Array(4), be32(1), sampleEntry),
    box("stts", new Uint8Array(4), be32(1), be32(samples.length), be32(1)),
    box("stsc", new Uint8Array(4), be32(chunks.length), ...chunks.map((c, i) => entries([i + 1, c.sizes.length, 1]))),
    box("stsz", new Uint8Array(8), be32(samples.length), entries(samples)),
    box("stco", new Uint8Array(4), be32(chunks.length), entries(chunks.map((c) => c.at))),
  );
  return box("trak", timedHeader("tkhd", 84), box("mdia", timedHeader("mdhd", 24), hdlr("vide"), box("minf", box("vmhd", new Uint8Array(12)), stbl)));
}

/**
 * A QuickTime movie whose one video track is `frames`, coded as `coding`, in one mdat: two chunks (the first frame,
 * then the rest) so that sample offsets within a chunk are exercised.
 */
export function movieOfFrames(frames: Uint8Array[], coding = "jpeg") {
  const media = concat(...frames);
  const build = (at: number) => {
    const chunks = [{ at, sizes: [frames[0]!.length] }, { at: at + frames[0]!.length, sizes: frames.slice(1).map((f) => f.length) }];
    const moov = box("moov", timedHeader("mvhd", 100), codedVideoTrack(coding, chunks));
    return concat(box("ftyp", text("qt  "), be32(0), text("qt  ")), moov, box("mdat", media));
  };
  return build(build(0).length - media.length);
}

/** ftyp, a moov with one video track (plus extra moov children), an mdat, then extra top-level boxes. */
export function mp4(options: { moov?: Uint8Array[]; tracks?: Uint8Array[]; top?: Uint8Array[] } = {}) {
  const moov = box("moov", timedHeader("mvhd", 100), ...(options.tracks ?? [track()]), ...(options.moov ?? []));
  return concat(box("ftyp", text("isom"), be32(0), text("isomavc1")), moov, box("mdat", new Uint8Array(64)), ...(options.top ?? []));
}

// EBML (Matroska, WebM)

const idBytes = (id: number) => {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return Uint8Array.from(out);
};
/** An 8-byte size vint, or the reserved all-ones value for "unknown". */
const sizeBytes = (size: number | undefined) => {
  const out = new Uint8Array(8).fill(0xff);
  out[0] = 0x01;
  if (size !== undefined) for (let i = 7, v = size; i >= 1; i--, v = Math.floor(v / 256)) out[i] = v % 256;
  return out;
};
export const element = (id: number, ...body: Uint8Array[]) => concat(idBytes(id), sizeBytes(body.reduce((n, b) => n + b.length, 0)), ...body);
export const unknownSize = (id: number, ...body: Uint8Array[]) => concat(idBytes(id), sizeBytes(undefined), ...body);

export const EBML = {
  header: 0x1a45dfa3, docType: 0x4282, segment: 0x18538067, info: 0x1549a966, dateUtc: 0x4461, title: 0x7ba9,
  muxingApp: 0x4d80, tracks: 0x1654ae6b, trackEntry: 0xae, trackType: 0x83, name: 0x536e, cluster: 0x1f43b675,
  timestamp: 0xe7, simpleBlock: 0xa3, tags: 0x1254c367, tag: 0x7373, void: 0xec,
} as const;

export const ebmlHeader = () => element(EBML.header, element(EBML.docType, text("webm")));
export const videoTrack = (name = "") => element(EBML.trackEntry, element(EBML.trackType, Uint8Array.of(1)), ...(name ? [element(EBML.name, text(name))] : []));

// Ogg

type PageOptions = { serial?: number; sequence?: number; flags?: number; granule?: number };

/** One Ogg page holding the given lacing values and body, with a correct CRC. */
export function oggPage(lacing: number[], body: Uint8Array, { serial = 1, sequence = 0, flags = 0, granule = 0 }: PageOptions = {}) {
  const page = concat(text("OggS"), Uint8Array.of(0, flags), le32(granule), le32(0), le32(serial), le32(sequence), le32(0), Uint8Array.of(lacing.length), Uint8Array.from(lacing), body);
  page.set(le32(oggCrc(page)), 22);
  return page;
}

/** Lacing values of one whole packet. */
export const lacingOf = (length: number) => [...new Array(Math.floor(length / 255)).fill(255), length % 255];

export const opusHead = () => concat(text("OpusHead"), Uint8Array.of(1, 1, 0, 0), le32(48000), Uint8Array.of(0, 0, 0));
export const opusTags = (...comments: string[]) =>
  concat(text("OpusTags"), le32(6), text("vendor"), le32(comments.length), ...comments.flatMap((c) => [le32(c.length), text(c)]));

// MPEG audio, ID3, APE

/** An MPEG-1 Layer III frame, 128 kbit/s at 44.1 kHz: 417 bytes. */
export const mp3Frame = () => concat(Uint8Array.of(0xff, 0xfb, 0x90, 0x00), new Uint8Array(413));
/** The shortest ADTS frame: a 7-byte header and nothing else. */
export const adtsFrame = () => Uint8Array.of(0xff, 0xf1, 0x50, 0x80, 0x00, 0xff, 0xfc);

const syncsafe = (n: number) => Uint8Array.of((n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f);
export const id3v2 = (body: Uint8Array, flags = 0) => concat(text("ID3"), Uint8Array.of(3, 0, flags), syncsafe(body.length), body);
export const id3v1 = (title: string) => concat(text("TAG"), text(title.padEnd(30, "\0")), new Uint8Array(94), Uint8Array.of(12));
export function apeTag(items: Uint8Array) {
  const frame = (flags: number) => concat(text("APETAGEX"), le32(2000), le32(items.length + 32), le32(1), le32(flags), new Uint8Array(8));
  return concat(frame(0xa0000000), items, frame(0x80000000));
}

// RIFF WAVE

export const riffChunk = (type: string, body: Uint8Array) => concat(text(type), le32(body.length), body, new Uint8Array(body.length & 1));
export function wav(...chunks: Uint8Array[]) {
  const fmt = riffChunk("fmt ", concat(Uint8Array.of(1, 0, 1, 0), le32(8000), le32(8000), Uint8Array.of(1, 0, 8, 0)));
  const body = concat(text("WAVE"), fmt, ...chunks);
  return concat(text("RIFF"), le32(body.length), body);
}
