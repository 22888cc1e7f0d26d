import { stripHeif } from "./strip-heif";

/**
 * Copies of photos for the public: EXIF, XMP, IPTC and text chunks removed, pixels untouched.
 * Returns undefined when there was nothing to remove (the original is then safe to show).
 */
export function stripImageMetadata(bytes: Uint8Array, mime: string): Uint8Array | undefined {
  switch (mime) {
    case "image/jpeg":
      return stripJpeg(bytes);
    case "image/png":
      return stripPng(bytes);
    case "image/webp":
      return stripWebp(bytes);
    case "image/heic":
    case "image/heif":
      return stripHeif(bytes);
    default:
      return undefined;
  }
}

const JPEG_SOS = 0xda;
const JPEG_APP0 = 0xe0; // JFIF: kept, it carries only density
const JPEG_APP14 = 0xee; // Adobe colour transform: kept, decoding needs it
const JPEG_COM = 0xfe;

function stripJpeg(b: Uint8Array): Uint8Array | undefined {
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let removed = false;
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === JPEG_SOS) break;
    const length = (b[at + 2]! << 8) | b[at + 3]!;
    const segment = b.subarray(at, at + 2 + length);
    const isMetadata = (marker >= 0xe1 && marker <= 0xef && marker !== JPEG_APP14) || marker === JPEG_COM;
    if (isMetadata && marker !== JPEG_APP0) removed = true;
    else kept.push(segment);
    at += 2 + length;
  }
  if (!removed) return undefined;
  kept.push(b.subarray(at));
  return concat(kept);
}

const PNG_METADATA_CHUNKS = new Set(["eXIf", "tEXt", "iTXt", "zTXt", "tIME"]);

function stripPng(b: Uint8Array): Uint8Array | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let removed = false;
  let at = 8;
  while (at + 12 <= b.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...b.subarray(at + 4, at + 8));
    const chunk = b.subarray(at, at + 12 + length);
    if (PNG_METADATA_CHUNKS.has(type)) removed = true;
    else kept.push(chunk);
    at += 12 + length;
    if (type === "IEND") break;
  }
  return removed ? concat(kept) : undefined;
}

function stripWebp(b: Uint8Array): Uint8Array | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const kept: Uint8Array[] = [];
  let removed = false;
  let at = 12;
  while (at + 8 <= b.length) {
    const type = String.fromCharCode(...b.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    const end = Math.min(b.length, at + 8 + size + (size & 1));
    if (type === "EXIF" || type === "XMP ") removed = true;
    else kept.push(b.slice(at, end));
    at = end;
  }
  if (!removed) return undefined;
  for (const chunk of kept) {
    // VP8X flags announce EXIF (0x08) and XMP (0x04): clear them with the chunks gone.
    if (String.fromCharCode(...chunk.subarray(0, 4)) === "VP8X") chunk[8] = chunk[8]! & ~0x0c;
  }
  const body = concat(kept);
  const out = new Uint8Array(12 + body.length);
  out.set(b.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
