import { replace, type Patch } from "./patch";
import { ascii, ByteSource, concatBytes, fail, u32le } from "./source";

/**
 * Ogg Opus, Vorbis and FLAC. The comment header of each stream keeps its length but loses its comments (the vendor
 * string becomes spaces); Ogg FLAC pictures and other non-audio metadata blocks become padding. Changed pages get
 * their CRC recomputed. Every page is walked, so a stream of any other codec (or stray bytes) fails.
 */

const MAX_PAGES = 2_000_000;
const MAX_STREAMS = 64;
/** Bytes of header packets held in memory while their pages are rewritten. */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;
const PAGE_HEADER_BYTES = 27;
const FLAG_CONTINUED = 1;
const FLAG_FIRST = 2;

type Piece = { page: Uint8Array; at: number; length: number };
type Stream = { codec?: "opus" | "vorbis" | "flac"; headers: number; packets: number; pieces: Piece[] };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 24;
  for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
  return c >>> 0;
});

/** Ogg's CRC-32 (polynomial 0x04c11db7, not reflected), over the page with its CRC field zeroed. */
export function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) {
    const byte = i >= 22 && i < 26 ? 0 : page[i]!;
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc;
}

const spaces = (n: number) => new Uint8Array(n).fill(0x20);
const le32 = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff);

/** A comment header of the same length with a blank vendor and no comments: magic, vendor, count 0, trailer. */
function blankComments(magic: Uint8Array, length: number, trailer: Uint8Array): Uint8Array {
  const vendor = length - magic.length - 8 - trailer.length;
  if (vendor < 0) fail("comment header too short");
  return concatBytes(magic, le32(vendor), spaces(vendor), le32(0), trailer);
}

const FLAC_KEPT_BLOCKS = new Set([0 /* STREAMINFO */, 1 /* PADDING */, 3 /* SEEKTABLE */]);
const FLAC_VORBIS_COMMENT = 4;

/** The identification packet: which codec, and how many header packets follow it (including it). */
function identify(packet: Uint8Array): Pick<Stream, "codec" | "headers"> {
  if (ascii(packet, 0, 8) === "OpusHead") return { codec: "opus", headers: 2 };
  if (ascii(packet, 0, 7) === "\x01vorbis") return { codec: "vorbis", headers: 3 };
  if (ascii(packet, 0, 5) === "\x7fFLAC" && packet.length >= 9) {
    const more = (packet[7]! << 8) | packet[8]!;
    if (more === 0) fail("Ogg FLAC with an unknown number of headers");
    return { codec: "flac", headers: 1 + more };
  }
  return fail("an Ogg stream of an unsupported codec");
}

/** The replacement of header packet `index` (≥ 1), or undefined when it carries nothing personal. */
function cleanHeader(codec: Stream["codec"], index: number, packet: Uint8Array): Uint8Array | undefined {
  if (codec === "opus") {
    if (ascii(packet, 0, 8) !== "OpusTags") fail("Opus without OpusTags");
    return blankComments(packet.subarray(0, 8), packet.length, new Uint8Array(0));
  }
  if (codec === "vorbis") {
    if (index !== 1) return undefined; // the setup header
    if (ascii(packet, 0, 7) !== "\x03vorbis") fail("Vorbis without its comment header");
    return blankComments(packet.subarray(0, 7), packet.length, Uint8Array.of(1));
  }
  if (packet.length < 4 || ((packet[1]! << 16) | (packet[2]! << 8) | packet[3]!) !== packet.length - 4) fail("bad FLAC metadata block");
  const type = packet[0]! & 0x7f;
  if (FLAC_KEPT_BLOCKS.has(type)) return undefined;
  if (type === FLAC_VORBIS_COMMENT) return blankComments(packet.subarray(0, 4), packet.length, new Uint8Array(0));
  const padding = new Uint8Array(packet.length);
  padding.set(packet.subarray(1, 4), 1);
  padding[0] = (packet[0]! & 0x80) | 1;
  return padding;
}

export async function planOgg(source: ByteSource): Promise<Patch[]> {
  const streams = new Map<number, Stream>();
  const changedPages = new Map<number, Uint8Array>(); // file offset → page copy
  const heldPages = new Map<Uint8Array, number>();
  let heldBytes = 0;

  const finishPacket = (stream: Stream) => {
    const packet = concatBytes(...stream.pieces.map((p) => p.page.subarray(p.at, p.at + p.length)));
    const index = stream.packets++;
    if (index === 0) Object.assign(stream, identify(packet));
    const clean = index === 0 ? undefined : cleanHeader(stream.codec, index, packet);
    if (clean) {
      let from = 0;
      for (const piece of stream.pieces) {
        piece.page.set(clean.subarray(from, from + piece.length), piece.at);
        from += piece.length;
        changedPages.set(heldPages.get(piece.page)!, piece.page);
      }
    }
    stream.pieces = [];
  };

  let at = 0;
  for (let pages = 0; at < source.size; pages++) {
    if (pages > MAX_PAGES) fail("too many pages");
    const available = Math.min(PAGE_HEADER_BYTES + 255, source.size - at);
    if (available < PAGE_HEADER_BYTES) fail("page header crosses the end");
    if (!source.has(at, available)) await source.load(at, available);
    const b = source.bytes;
    const i = at - source.offset;
    // "OggS", version 0
    if (b[i] !== 0x4f || b[i + 1] !== 0x67 || b[i + 2] !== 0x67 || b[i + 3] !== 0x53 || b[i + 4] !== 0) fail(`not an Ogg page at ${at}`);
    const flags = b[i + 5]!;
    const serial = u32le(b, i + 14);
    const segments = b[i + 26]!;
    const bodyAt = PAGE_HEADER_BYTES + segments;
    if (available < bodyAt) fail("lacing table crosses the end");
    let length = bodyAt;
    for (let k = i + PAGE_HEADER_BYTES; k < i + bodyAt; k++) length += b[k]!;
    if (at + length > source.size) fail("page larger than the file");

    if (flags & FLAG_FIRST) {
      if (streams.has(serial)) fail("a stream begins twice");
      if (streams.size >= MAX_STREAMS) fail("too many streams");
      streams.set(serial, { headers: 1, packets: 0, pieces: [] });
    }
    const stream = streams.get(serial) ?? fail("a page of a stream that never began");
    if (stream.packets < stream.headers) {
      if (!(flags & FLAG_CONTINUED) !== (stream.pieces.length === 0)) fail("continuation flag contradicts the packets");
      heldBytes += length;
      if (heldBytes > MAX_HEADER_BYTES) fail("header packets too large");
      source.mayHold(heldBytes); // a packet of megabytes (cover art) is assembled on the media thread
      const page = (await source.read(at, length)).slice();
      heldPages.set(page, at);
      let offset = bodyAt;
      for (const value of page.subarray(PAGE_HEADER_BYTES, bodyAt)) {
        if (stream.packets >= stream.headers) break; // audio packets after the headers are left alone
        stream.pieces.push({ page, at: offset, length: value });
        offset += value;
        if (value < 255) finishPacket(stream);
      }
    }
    at += length;
  }
  for (const stream of streams.values()) if (stream.packets < stream.headers) fail("a stream ends inside its headers");

  return [...changedPages].map(([pageAt, page]) => {
    page.set(le32(oggCrc(page)), 22);
    return replace(pageAt, page);
  });
}
