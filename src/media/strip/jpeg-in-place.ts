import { APP0, APP15, COM, entropyDataEnd, EOI, HAS_LENGTH, keptApp, MAX_SEGMENTS, RENDERING, SOF, SOI, SOS } from "./jpeg";
import { u16be } from "../bytes";

/**
 * A JPEG inside a container (a Motion-JPEG video frame, a JPEG-coded HEIF item) cannot be shortened: the
 * container's tables point at the bytes after it. So it is cleaned in place: the ranges returned are to be zeroed,
 * every other byte stays. They are the payloads of APPn (EXIF with its GPS, make, model and serial, XMP, MPF, JFIF
 * with its thumbnail, maker data) and COM segments, but not the ICC profile or Adobe's colour transform; a zeroed
 * APPn is an empty segment of an unknown kind, which decoders skip. Bytes after the last EOI are zeroed too
 * (trailers, a second picture). Several pictures one after another (the two fields of Motion-JPEG A) are each
 * walked. Undefined when the bytes are not a JPEG walkable to its EOI (the caller then publishes nothing).
 */
export function jpegMetadataRanges(b: Uint8Array): [start: number, end: number][] | undefined {
  const ranges: [number, number][] = [];
  let at = 0;
  for (let pictures = 0; pictures < MAX_PICTURES && b[at] === 0xff && b[at + 1] === SOI; pictures++) {
    const end = pictureEnd(b, at + 2, ranges);
    if (end === undefined) return undefined;
    at = end;
  }
  if (at === 0) return undefined;
  if (!isZero(b.subarray(at))) ranges.push([at, b.length]);
  return ranges;
}

/** Motion-JPEG A has two fields per frame; more than a few pictures in one frame is not a camera's. */
const MAX_PICTURES = 4;

/** Walks one picture's segments from just after its SOI; returns where it ends (after EOI), adding what to zero. */
function pictureEnd(b: Uint8Array, from: number, ranges: [number, number][]): number | undefined {
  let at = from;
  let frame = false;
  for (let segments = 0; segments < MAX_SEGMENTS; segments++) {
    if (b[at] !== 0xff) return undefined;
    while (b[at] === 0xff) at++;
    const marker = b[at++];
    if (marker === EOI) return frame ? at : undefined;
    if (marker === undefined || !HAS_LENGTH(marker) || at + 2 > b.length) return undefined;
    const end = at + u16be(b, at);
    if (end < at + 2 || end > b.length) return undefined;
    const payload = b.subarray(at + 2, end);
    if (SOF.has(marker)) frame = true;
    if ((marker >= APP0 && marker <= APP15 && !keptApp(marker, payload)) || marker === COM) {
      if (!isZero(payload)) ranges.push([at + 2, end]);
    } else if (marker !== SOS && !RENDERING.has(marker)) return undefined;
    at = end;
    if (marker === SOS) {
      const dataEnd = frame ? entropyDataEnd(b, at) : undefined;
      if (dataEnd === undefined) return undefined;
      at = dataEnd;
    }
  }
  return undefined;
}

const ZEROS = new Uint8Array(64 * 1024);

/** Whether every byte is 0 (memcmp against zeros: a trailer may be megabytes of padding). */
function isZero(b: Uint8Array): boolean {
  for (let at = 0; at < b.length; at += ZEROS.length) {
    const part = b.subarray(at, at + ZEROS.length);
    if (Buffer.compare(part, ZEROS.subarray(0, part.length)) !== 0) return false;
  }
  return true;
}
