import { ascii, u16be } from "../bytes";

/**
 * A photo's EXIF Orientation, the one EXIF value the public copy keeps: phones store a portrait photo's pixels sideways
 * and say so in this tag, and a browser shown the pixels without it shows the photo on its side. It says nothing of
 * place, device or person. Read from IFD0 of an APP1 "Exif" payload (bounded: the payload's own length, at most
 * MAX_ENTRIES entries); undefined when absent, unreadable or upright (1).
 */
export function exifOrientation(payload: Uint8Array): number | undefined {
  if (ascii(payload, 0, 6) !== "Exif\0\0" || payload.length < TIFF + 8) return undefined;
  const order = ascii(payload, TIFF, 2);
  if (order !== "MM" && order !== "II") return undefined;
  const little = order === "II";
  const u16 = (at: number) => (little ? (payload[at] ?? 0) | ((payload[at + 1] ?? 0) << 8) : u16be(payload, at));
  const u32 = (at: number) => (u16(little ? at + 2 : at) * 0x10000 + u16(little ? at : at + 2));
  if (u16(TIFF + 2) !== 42) return undefined;
  const ifd = TIFF + u32(TIFF + 4);
  if (ifd + 2 > payload.length) return undefined;
  const entries = Math.min(u16(ifd), MAX_ENTRIES);
  for (let index = 0; index < entries; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > payload.length) return undefined;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    if (u16(entry + 2) !== SHORT || u32(entry + 4) !== 1) return undefined;
    const value = u16(entry + 8);
    return value >= 2 && value <= 8 ? value : undefined;
  }
  return undefined;
}

/** An APP1 segment (marker to end) holding only the Orientation tag: "Exif\0\0", a big-endian TIFF header, one entry. */
export function orientationSegment(value: number): Uint8Array {
  const payload = [..."Exif\0\0"].map((c) => c.charCodeAt(0));
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8];
  const ifd = [0, 1, ORIENTATION_TAG >> 8, ORIENTATION_TAG & 0xff, 0, SHORT, 0, 0, 0, 1, value >> 8, value & 0xff, 0, 0, 0, 0, 0, 0];
  const body = [...payload, ...tiff, ...ifd];
  const length = body.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

/** Where the TIFF header starts in an APP1 Exif payload. */
const TIFF = 6;
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;
/** IFD0 of a camera holds a few dozen entries; a count beyond this is not a camera's, and reading stops there. */
const MAX_ENTRIES = 512;
