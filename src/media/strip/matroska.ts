import { patchChunk, PatchList, replace, zeros, type Patch } from "./patch";
import { ByteSource, fail } from "./source";

/**
 * Matroska and WebM. Tags, Attachments and Chapters become Void elements of the same total size; Info's DateUTC,
 * Title, MuxingApp and WritingApp and each track's Name get zeroed bodies (a zero-padded string is valid). Every
 * element is checked against its parent's size; clusters of known size are skipped whole, clusters of unknown size
 * (live recordings) are walked element by element. A video track must be in a coding whose frames hold no place
 * or device (VIDEO_CODECS): Motion-JPEG (V_MJPEG, or behind V_MS/VFW/FOURCC or V_QUICKTIME) carries an EXIF block in
 * every frame, so such a file is not published.
 */

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const VOID = 0xec;
const CRC32 = 0xbf;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;

/**
 * Segment children kept as they are (their contents carry no place or device); any other (Tags, Attachments,
 * Chapters, unknown) becomes a Void.
 */
const KEPT_IN_SEGMENT = new Set([0x114d9b74 /* SeekHead */, 0x1c53bb6b /* Cues */, CRC32]);
const ZEROED_IN_INFO = new Set([0x4461 /* DateUTC */, 0x7ba9 /* Title */, 0x4d80 /* MuxingApp */, 0x5741 /* WritingApp */]);
const TRACK_NAME = 0x536e;
const CODEC_ID = 0x86;
const VIDEO_CODECS = new Set([
  ...["V_VP8", "V_VP9", "V_AV1", "V_MPEG4/ISO/AVC", "V_MPEGH/ISO/HEVC", "V_MPEGI/ISO/VVC", "V_MPEG4/ISO/SP", "V_MPEG4/ISO/ASP"],
  ...["V_MPEG4/ISO/AP", "V_MPEG1", "V_MPEG2", "V_THEORA", "V_PRORES", "V_FFV1", "V_UNCOMPRESSED", "V_DIRAC"],
]);
const MAX_CODEC_ID = 64;
const CLUSTER_CHILDREN = new Set([0xe7 /* Timestamp */, 0xa3 /* SimpleBlock */, 0xa0 /* BlockGroup */, 0xa7 /* Position */, 0xab /* PrevSize */, 0x58d7 /* SilentTracks */, VOID, CRC32]);

const MAX_ELEMENTS = 1_000_000;

type Element = { at: number; id: number; body: number; size: number | undefined; end: number };

/** Element header at b[i] (n bytes there): ID (1–4 bytes, marker kept), size (1–8 bytes; all ones = unknown). */
function headerAt(b: Uint8Array, i: number, n: number): { id: number; length: number; size: number | undefined } {
  const first = b[i]!;
  const idLength = Math.clz32(first) - 23;
  if (first === 0 || idLength > 4) fail("bad element ID");
  const sizeFirst = b[i + idLength]!;
  const sizeLength = Math.clz32(sizeFirst) - 23;
  if (sizeFirst === 0 || idLength + sizeLength > n) fail("element header crosses its parent");
  let id = first;
  for (let k = 1; k < idLength; k++) id = id * 256 + b[i + k]!;
  let size = sizeFirst & (0xff >> sizeLength);
  let unknown = size === 0xff >> sizeLength;
  for (let k = 1; k < sizeLength; k++) {
    const byte = b[i + idLength + k]!;
    size = size * 256 + byte;
    if (byte !== 0xff) unknown = false;
  }
  return { id, length: idLength + sizeLength, size: unknown ? undefined : size };
}

const MAX_HEADER = 12;
/** A CRC-32 element: ID 0xBF, size 0x84, 4 bytes little-endian (IEEE CRC-32 of the rest of its parent). */
const CRC_ELEMENT_BYTES = 6;
const MAX_CRC_BYTES = 1024 * 1024;

class Walker {
  readonly patches = new PatchList();
  private elements = 0;
  constructor(private readonly source: ByteSource) {}

  /**
   * The element at `at` inside a parent ending at `end`. Only an element with ID `mayBeUnknown` may have an unknown
   * size (it then runs to `end`).
   */
  async element(at: number, end: number, mayBeUnknown?: number): Promise<Element> {
    if (!this.inWindow(at, end)) await this.source.load(at, Math.min(MAX_HEADER, end - at));
    return this.parse(at, end, mayBeUnknown);
  }

  /** Whether the element header at `at` is in the window (so parse() needs no read). */
  private inWindow(at: number, end: number): boolean {
    return this.source.has(at, Math.min(MAX_HEADER, end - at));
  }

  /** element() for a header already in the window. */
  private parse(at: number, end: number, mayBeUnknown?: number): Element {
    if (++this.elements > MAX_ELEMENTS) fail("too many elements");
    const n = Math.min(MAX_HEADER, end - at);
    if (n < 2) fail("element header crosses its parent");
    const h = headerAt(this.source.bytes, at - this.source.offset, n);
    if (h.size === undefined && h.id !== mayBeUnknown) fail("unknown size where it is not allowed");
    const body = at + h.length;
    const elementEnd = h.size === undefined ? end : body + h.size;
    if (elementEnd > end) fail("element larger than its parent");
    return { at, id: h.id, body, size: h.size, end: elementEnd };
  }

  /** Same total size, now a Void: ID 0xEC, an 8-byte size (or what fits), zeros. */
  voided(e: Element): void {
    const total = e.end - e.at;
    const width = Math.min(8, total - 1);
    const header = new Uint8Array(1 + width);
    header[0] = VOID;
    let value = total - 1 - width;
    for (let i = width; i >= 1; i--, value = Math.floor(value / 256)) header[i] = value % 256;
    if (value !== 0 || header[1]! >> (8 - width) !== 0) fail("no room for a Void header");
    header[1]! |= 0x80 >> (width - 1);
    this.patches.add(replace(e.at, header), zeros(e.at + header.length, total - header.length));
  }

  async file(): Promise<void> {
    const size = this.source.size;
    let segments = 0;
    for (let at = 0; at < size; ) {
      const e = await this.element(at, size, SEGMENT);
      if (at === 0 && e.id !== EBML_HEADER) fail("not an EBML file");
      if (e.id === SEGMENT) {
        segments++;
        await this.segment(e);
      } else if (e.id !== EBML_HEADER && e.id !== VOID) fail("unexpected top-level element");
      at = e.end;
    }
    if (segments === 0) fail("no segment");
  }

  private async segment(segment: Element): Promise<void> {
    for (let at = segment.body; at < segment.end; ) {
      const e = await this.element(at, segment.end, CLUSTER);
      if (e.id === EBML_HEADER && segment.size === undefined) {
        segment.end = at; // a live stream's unknown-size segment ends where the next file begins
        break;
      }
      if (e.id === CLUSTER) at = e.size === undefined ? await this.liveCluster(e) : e.end;
      else {
        if (e.id === INFO) await this.zeroChildren(e, ZEROED_IN_INFO);
        else if (e.id === TRACKS) await this.tracks(e);
        else if (e.id === VOID) this.patches.add(zeros(e.body, e.end - e.body)); // it may hold what an editor removed
        else if (!KEPT_IN_SEGMENT.has(e.id)) this.voided(e);
        at = e.end;
      }
    }
  }

  /**
   * Walks an unknown-size cluster to its end: the first element that cannot be a child of a cluster. (Hot: a live
   * recording has one element per frame, so the window is read without a promise per element.)
   */
  private async liveCluster(cluster: Element): Promise<number> {
    let at = cluster.body;
    while (at < cluster.end) {
      const e = this.inWindow(at, cluster.end) ? this.parse(at, cluster.end, CLUSTER) : await this.element(at, cluster.end, CLUSTER);
      if (!CLUSTER_CHILDREN.has(e.id)) break;
      at = e.end;
    }
    return at;
  }

  private async tracks(tracks: Element): Promise<void> {
    const first = this.patches.items.length;
    for (let at = tracks.body; at < tracks.end; ) {
      const e = await this.element(at, tracks.end);
      if (e.id === TRACK_ENTRY) {
        await this.zeroChildren(e, new Set([TRACK_NAME]));
        await this.checkCodec(e);
      }
      at = e.end;
    }
    await this.refreshCrc(tracks, first);
  }

  /** Fails on a video track whose coding is not known to be free of metadata in its frames. */
  private async checkCodec(entry: Element): Promise<void> {
    for (let at = entry.body; at < entry.end; ) {
      const e = await this.element(at, entry.end);
      if (e.id === CODEC_ID) {
        if (e.end - e.body > MAX_CODEC_ID) fail("a CodecID too long");
        const codec = String.fromCharCode(...(await this.source.read(e.body, e.end - e.body))).replace(/\0+$/, "");
        if (codec.startsWith("V_") && !VIDEO_CODECS.has(codec)) fail(`a video coded as ${JSON.stringify(codec)}`);
      }
      at = e.end;
    }
  }

  private async zeroChildren(parent: Element, zeroed: Set<number>): Promise<void> {
    const first = this.patches.items.length;
    for (let at = parent.body; at < parent.end; ) {
      const e = await this.element(at, parent.end);
      if (zeroed.has(e.id)) this.patches.add(zeros(e.body, e.end - e.body));
      at = e.end;
    }
    await this.refreshCrc(parent, first);
  }

  /**
   * A master element that begins with a CRC-32 child gets it recomputed over its changed body (patches from index
   * `first` on), so a player that checks it does not drop the element.
   */
  private async refreshCrc(parent: Element, first: number): Promise<void> {
    const changes = this.patches.items.slice(first).sort((x, y) => x.at - y.at);
    if (changes.length === 0 || parent.end - parent.body < CRC_ELEMENT_BYTES) return;
    const head = await this.source.read(parent.body, 2);
    if (head[0] !== CRC32 || head[1] !== 0x84) return;
    if (parent.end - parent.body > MAX_CRC_BYTES) fail("element with a CRC-32 too large to rewrite");
    const covered = (await this.source.read(parent.body, parent.end - parent.body)).slice();
    patchChunk(covered, parent.body, changes, 0);
    const crc = Bun.hash.crc32(covered.subarray(CRC_ELEMENT_BYTES));
    this.patches.add(replace(parent.body + 2, Uint8Array.of(crc & 0xff, (crc >> 8) & 0xff, (crc >> 16) & 0xff, crc >>> 24)));
  }
}

export async function planMatroska(source: ByteSource): Promise<Patch[]> {
  const walker = new Walker(source);
  await walker.file();
  return walker.patches.items;
}
