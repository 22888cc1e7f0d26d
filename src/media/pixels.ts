/**
 * The pixels a photo declares, read from its headers before anything decodes it: a decoder's memory and time grow
 * with the pixels, not the bytes (a 3.7 KB HEIF grid of one repeated tile declares 20480×20480 and made heif-convert
 * take 1.8 GB). Photos above MAX_PHOTO_PIXELS are refused at upload (docs/security.md, "Photos bounded by pixels").
 */
import { ascii, u16be, u32be, u32le, uintBe } from "./bytes";
import { type IsoBox, isoChildren } from "./iso-box";
import { MAX_SEGMENTS, SOF } from "./strip/jpeg";
import { firstBox, readRange, windowedReader, HEAD_BYTES, type ReadAt } from "./sniff";

/** 50 megapixels: a 48 MP phone photo (8064×6048) passes; decoding one costs a tool a few hundred MB at most. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** The largest picture a photo declares (width × height), or undefined when its headers cannot tell (refused too). */
export async function declaredPixels(file: Blob, mime: string): Promise<number | undefined> {
  if (mime === "image/heic" || mime === "image/heif") return heifPixels(file, await readRange(file, 0, HEAD_BYTES));
  const size = await declaredSize(file, mime);
  return size && size.width * size.height;
}

export type PixelSize = { width: number; height: number };

/**
 * The width and height a PNG, GIF, WebP or JPEG declares (as it is coded: a JPEG's EXIF orientation is not applied,
 * as ffprobe reports it), read like declaredPixels. HEIF declares tiles and grids, not one size: undefined.
 */
export async function declaredSize(file: Blob, mime: string): Promise<PixelSize | undefined> {
  const head = await readRange(file, 0, HEAD_BYTES);
  switch (mime) {
    case "image/png": // IHDR is the first chunk
      return ascii(head, 12, 4) === "IHDR" ? { width: u32be(head, 16), height: u32be(head, 20) } : undefined;
    case "image/gif": // the logical screen; every frame is drawn inside it
      return head.length >= 10 ? { width: head[6]! | (head[7]! << 8), height: head[8]! | (head[9]! << 8) } : undefined;
    case "image/webp":
      return webpSize(head);
    case "image/jpeg":
      return jpegSize(windowedReader(file, head), file.size);
  }
  return undefined;
}

function webpSize(b: Uint8Array): PixelSize | undefined {
  const chunk = ascii(b, 12, 4);
  const at = 20; // the first chunk's data
  if (chunk === "VP8X") return { width: 1 + (b[at + 4]! | (b[at + 5]! << 8) | (b[at + 6]! << 16)), height: 1 + (b[at + 7]! | (b[at + 8]! << 8) | (b[at + 9]! << 16)) };
  if (chunk === "VP8 ") return b[at + 3] === 0x9d && b[at + 4] === 0x01 && b[at + 5] === 0x2a ? { width: (b[at + 6]! | (b[at + 7]! << 8)) & 0x3fff, height: (b[at + 8]! | (b[at + 9]! << 8)) & 0x3fff } : undefined;
  if (chunk === "VP8L" && b[at] === 0x2f) {
    const bits = u32le(b, at + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

/** The frame header's size (SOFn), walking segment lengths from the start; every segment before it has one. */
async function jpegSize(read: ReadAt, size: number): Promise<PixelSize | undefined> {
  let at = 2;
  for (let n = 0; n < MAX_SEGMENTS && at + 9 <= size; n++) {
    const b = await read(at, at + 9);
    if (b[0] !== 0xff) return undefined;
    if (b[1] === 0xff) {
      at++; // fill byte
      continue;
    }
    if (SOF.has(b[1]!)) return { width: u16be(b, 7), height: u16be(b, 5) };
    at += 2 + u16be(b, 2);
  }
  return undefined;
}

/** HEIF's meta box is read whole up to this size (a phone's is a few KB; tiles' tables stay far below). */
const MAX_META_BYTES = 4 * 1024 * 1024;
const FULL_BOX = 4;

/**
 * The largest of every image spatial extent (ispe) and of every grid's or overlay's output size (its item's data,
 * found through iloc): libheif allocates the output canvas from the latter. A grid or overlay whose data cannot be
 * found counts as unreadable.
 */
async function heifPixels(file: Blob, head: Uint8Array): Promise<number | undefined> {
  const meta = await firstBox(windowedReader(file, head), { body: 0, end: file.size }, "meta", { left: 1024 });
  if (!meta || meta.end - meta.start > MAX_META_BYTES) return undefined;
  const b = await readRange(file, meta.start, meta.end);
  const inMeta = isoChildren(b, meta.body - meta.start + FULL_BOX, b.length, { left: 1 << 14 });
  if (!inMeta) return undefined;
  const child = (type: string) => inMeta.find((box) => box.type === type);
  const [iinf, iloc, iprp, idat] = [child("iinf"), child("iloc"), child("iprp"), child("idat")];
  if (!iinf || !iloc || !iprp) return undefined;
  const ipco = isoChildren(b, iprp.body, iprp.end, { left: 1 << 14 })?.find((box) => box.type === "ipco");
  const properties = ipco ? isoChildren(b, ipco.body, ipco.end, { left: 1 << 14 }) : undefined;
  if (!properties) return undefined;
  let largest = 0;
  for (const ispe of properties.filter((box) => box.type === "ispe")) largest = Math.max(largest, u32be(b, ispe.body + FULL_BOX) * u32be(b, ispe.body + FULL_BOX + 4));
  const canvases = canvasItems(b, iinf);
  if (!canvases) return undefined;
  for (const [id, type] of canvases) {
    const at = itemStart(b, iloc, id);
    if (!at) return undefined;
    const data = at.inIdat ? (idat ? b.subarray(idat.body + at.offset, idat.end) : undefined) : await readRange(file, at.offset, at.offset + 32);
    const pixels = data && canvasPixels(data, type);
    if (!pixels) return undefined;
    largest = Math.max(largest, pixels);
  }
  return largest || undefined;
}

/** Grid and overlay items (by id) in iinf; undefined when malformed. */
function canvasItems(b: Uint8Array, iinf: IsoBox): Map<number, string> | undefined {
  const entries = isoChildren(b, iinf.body + FULL_BOX + (b[iinf.body] === 0 ? 2 : 4), iinf.end, { left: 1 << 14 });
  if (!entries) return undefined;
  const found = new Map<number, string>();
  for (const infe of entries) {
    if (infe.type !== "infe" || (b[infe.body] ?? 0) < 2) continue;
    const wide = b[infe.body] === 3;
    const id = wide ? u32be(b, infe.body + FULL_BOX) : u16be(b, infe.body + FULL_BOX);
    const type = ascii(b, infe.body + FULL_BOX + (wide ? 4 : 2) + 2, 4);
    if (type === "grid" || type === "iovl") found.set(id, type);
  }
  return found;
}

/** Where an item's data starts (its first extent): in the file, or inside idat; undefined if not found. */
function itemStart(b: Uint8Array, iloc: IsoBox, wanted: number): { offset: number; inIdat: boolean } | undefined {
  const version = b[iloc.body]!;
  if (version > 2) return undefined;
  let at = iloc.body + FULL_BOX;
  const [offsetSize, lengthSize, baseSize] = [b[at]! >> 4, b[at]! & 0x0f, b[at + 1]! >> 4];
  const indexSize = version === 0 ? 0 : b[at + 1]! & 0x0f;
  const idSize = version === 2 ? 4 : 2;
  const count = uintBe(b, at + 2, idSize);
  at += 2 + idSize;
  for (let i = 0; i < count && at < iloc.end; i++) {
    const id = uintBe(b, at, idSize);
    const method = version === 0 ? 0 : u16be(b, at + idSize) & 0x0f;
    at += idSize + (version === 0 ? 0 : 2) + 2; // id, construction method, data reference index
    const base = uintBe(b, at, baseSize);
    const extents = u16be(b, at + baseSize);
    at += baseSize + 2;
    if (id === wanted) return extents > 0 && method < 2 ? { offset: base + uintBe(b, at + indexSize, offsetSize), inIdat: method === 1 } : undefined;
    at += extents * (indexSize + offsetSize + lengthSize);
  }
  return undefined;
}

/** A grid's (rows, columns, then output size) or an overlay's (fill colour, then output size) canvas. */
function canvasPixels(d: Uint8Array, type: string): number | undefined {
  const wide = (d[1]! & 1) === 1;
  const at = type === "grid" ? 4 : 2 + 8;
  if (d.length < at + (wide ? 8 : 4)) return undefined;
  return wide ? u32be(d, at) * u32be(d, at + 4) : u16be(d, at) * u16be(d, at + 2);
}
