import { appendView, ascii, u16be } from "../bytes";
import { exifOrientation, orientationSegment } from "./exif-orientation";

/**
 * The public copy of a JPEG: SOI, the segments decoding needs, every scan with its entropy-coded data, EOI. Dropped:
 * EXIF/XMP (APP1), IPTC (APP13), MPF (APP2), comments, every other APPn, the JFIF thumbnail, fill bytes, and all
 * that follows the first picture's EOI (MPF secondary pictures, vendor trailers). Of EXIF only the Orientation is
 * kept, in an APP1 of its own right after SOI, so a portrait shows upright (exif-orientation.ts).
 * Undefined when the file cannot be walked to its EOI (fail closed), e.g. stray bytes between segments.
 */
export function stripJpeg(b: Uint8Array): Uint8Array[] | undefined {
  if (b[0] !== 0xff || b[1] !== SOI) return undefined;
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let at = 2;
  let frame = false;
  let scans = 0;
  let orientation: number | undefined;
  for (let segments = 0; segments < MAX_SEGMENTS; segments++) {
    if (b[at] !== 0xff) return undefined; // stray bytes where a marker must be
    while (b[at] === 0xff) at++; // fill bytes: the last 0xFF belongs to the marker
    const start = at - 1;
    const marker = b[at++];
    if (marker === EOI) {
      if (!frame || scans === 0) return undefined;
      return orientation === undefined ? [...kept, EOI_BYTES] : [kept[0]!, orientationSegment(orientation), ...kept.slice(1), EOI_BYTES];
    }
    if (marker === undefined || !HAS_LENGTH(marker) || at + 2 > b.length) return undefined;
    const end = at + u16be(b, at);
    if (end < at + 2 || end > b.length) return undefined;
    const payload = b.subarray(at + 2, end);
    at = end;
    if (SOF.has(marker)) frame = true;
    if (marker === SOS) {
      const dataEnd = frame ? entropyDataEnd(b, at) : undefined;
      if (dataEnd === undefined) return undefined;
      appendView(kept, b.subarray(start, dataEnd));
      at = dataEnd;
      scans++;
    } else if (marker === APP0) {
      if (ascii(payload, 0, 5) === "JFIF\0" && payload.length >= JFIF_BYTES) kept.push(jfifWithoutThumbnail(b.subarray(start, end)));
    } else if (marker === APP1 && orientation === undefined && ascii(payload, 0, 6) === "Exif\0\0") {
      orientation = exifOrientation(payload);
    } else if (RENDERING.has(marker) || keptApp(marker, payload)) {
      appendView(kept, b.subarray(start, end));
    } else if (!(marker >= APP0 && marker <= APP15) && marker !== COM) {
      return undefined; // a marker we do not know how to render: do not guess
    }
  }
  return undefined;
}

export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
export const APP0 = 0xe0;
const APP1 = 0xe1;
export const APP2 = 0xe2;
export const APP14 = 0xee;
export const APP15 = 0xef;
export const COM = 0xfe;
const EOI_BYTES = new Uint8Array([0xff, EOI]);
export const MAX_SEGMENTS = 1 << 14;

/** Start of frame, in all its coding processes (baseline, extended, progressive, lossless; Huffman or arithmetic). */
export const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Tables and parameters decoders read: DQT, DHT, DAC, DRI, DNL, DHP, EXP and the frame headers. */
export const RENDERING = new Set([0xdb, 0xc4, 0xcc, 0xdd, 0xdc, 0xde, 0xdf, ...SOF]);
/** Everything but SOI, EOI, RSTn, TEM and the reserved 0x00/0x01 comes with a length. */
export const HAS_LENGTH = (marker: number) => marker > 0x01 && !(marker >= 0xd0 && marker <= 0xd9);

/** The APPn segments that change how a picture renders: its ICC profile (APP2) and Adobe's colour transform (APP14). */
export const keptApp = (marker: number, payload: Uint8Array) =>
  (marker === APP2 && ascii(payload, 0, 12) === "ICC_PROFILE\0") || (marker === APP14 && ascii(payload, 0, 5) === "Adobe");

/** JFIF header: "JFIF\0", version, units, densities, then the thumbnail's width and height. */
const JFIF_BYTES = 14;

/** The JFIF segment with its thumbnail (a picture of the picture, perhaps from before cropping) taken out. */
function jfifWithoutThumbnail(segment: Uint8Array): Uint8Array {
  const out = segment.slice(0, 4 + JFIF_BYTES);
  out.set([0, 2 + JFIF_BYTES], 2);
  out.set([0, 0], 4 + JFIF_BYTES - 2);
  return out;
}

/** End of a scan's entropy-coded data: the next 0xFF that is neither a stuffed 0x00 nor a restart marker. */
export function entropyDataEnd(b: Uint8Array, from: number): number | undefined {
  for (let at = b.indexOf(0xff, from); at !== -1 && at + 1 < b.length; at = b.indexOf(0xff, at + 2)) {
    const next = b[at + 1]!;
    if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return at;
  }
  return undefined;
}
