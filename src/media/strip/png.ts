import { appendView, ascii, u32be } from "../bytes";

/**
 * The public copy of a PNG (or APNG): the signature, the critical chunks and the ancillary chunks that change how it
 * renders, up to IEND. Dropped: eXIf, text (tEXt, iTXt, zTXt), tIME, C2PA and any other chunk not listed.
 * Undefined when a chunk's length or CRC is wrong, a critical chunk is unknown, or IEND is missing (fail closed).
 */
export function stripPng(b: Uint8Array): Uint8Array[] | undefined {
  if (ascii(b, 0, 8) !== SIGNATURE) return undefined;
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let sawImageData = false;
  for (let at = 8, chunks = 0; chunks < MAX_CHUNKS; chunks++) {
    if (at + 12 > b.length) return undefined;
    const length = u32be(b, at);
    const end = at + 12 + length;
    const type = ascii(b, at + 4, 4);
    if (length > MAX_LENGTH || end > b.length || !CHUNK_TYPE.test(type)) return undefined;
    if ((chunks === 0) !== (type === "IHDR")) return undefined;
    if (Bun.hash.crc32(b.subarray(at + 4, end - 4)) !== u32be(b, end - 4)) return undefined;
    const critical = type.charCodeAt(0) < 0x60; // upper-case first letter
    if (RENDERING.has(type)) appendView(kept, b.subarray(at, end));
    else if (critical) return undefined;
    if (type === "IDAT") sawImageData = true;
    if (type === "IEND") return sawImageData ? kept : undefined;
    at = end;
  }
  return undefined;
}

const SIGNATURE = "\x89PNG\r\n\x1a\n";
const MAX_CHUNKS = 1 << 15;
const MAX_LENGTH = 0x7fffffff;
const CHUNK_TYPE = /^[A-Za-z]{4}$/;

/** Critical chunks, colour and transparency, pixel size and animation (APNG). */
const RENDERING = new Set([
  ...["IHDR", "PLTE", "IDAT", "IEND"],
  ...["iCCP", "sRGB", "gAMA", "cHRM", "cICP", "mDCV", "cLLI", "sBIT", "tRNS", "bKGD", "hIST", "pHYs"],
  ...["acTL", "fcTL", "fdAT"],
]);
