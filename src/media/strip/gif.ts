import { appendView, ascii } from "../bytes";

/**
 * The public copy of a GIF: header, screen descriptor, colour tables, images, graphic-control extensions and the
 * NETSCAPE2.0 loop count (rewritten in its canonical form), then the trailer. Dropped: comments, plain text, every
 * other application extension (XMP "XMP DataXMP", ICC, vendor data) and anything after the trailer.
 * Undefined when a block runs past the end, an unknown block appears, or there is no trailer (fail closed).
 */
export function stripGif(b: Uint8Array): Uint8Array[] | undefined {
  const version = ascii(b, 0, 6);
  if ((version !== "GIF87a" && version !== "GIF89a") || b.length < SCREEN_END) return undefined;
  let at = SCREEN_END + colourTableBytes(b[10]!);
  if (at > b.length) return undefined;
  const kept: Uint8Array[] = [b.subarray(0, at)];
  let images = 0;
  for (let blocks = 0; blocks < MAX_BLOCKS; blocks++) {
    const introducer = b[at];
    if (introducer === TRAILER) return images > 0 ? [...kept, TRAILER_BYTES] : undefined;
    if (introducer === IMAGE) {
      const dataStart = at + IMAGE_DESCRIPTOR + colourTableBytes(b[at + 9] ?? 0);
      const end = dataStart < b.length && b[dataStart]! <= MAX_LZW_CODE_SIZE ? subBlocksEnd(b, dataStart + 1) : undefined;
      if (end === undefined) return undefined;
      appendView(kept, b.subarray(at, end));
      at = end;
      images++;
    } else if (introducer === EXTENSION) {
      const label = b[at + 1];
      const end = subBlocksEnd(b, at + 2);
      if (end === undefined) return undefined;
      if (label === GRAPHIC_CONTROL) appendView(kept, b.subarray(at, end));
      else if (label === APPLICATION) kept.push(...loopExtension(b, at, end));
      at = end;
    } else return undefined;
  }
  return undefined;
}

const SCREEN_END = 13; // header (6) + logical screen descriptor (7)
const IMAGE_DESCRIPTOR = 10;
const IMAGE = 0x2c;
const EXTENSION = 0x21;
const TRAILER = 0x3b;
const GRAPHIC_CONTROL = 0xf9;
const APPLICATION = 0xff;
const TRAILER_BYTES = new Uint8Array([TRAILER]);
const MAX_BLOCKS = 1 << 16;
const MAX_LZW_CODE_SIZE = 12;
const NETSCAPE = "NETSCAPE2.0";

/** Size of the colour table a packed-fields byte announces (its top bit set). */
const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 << ((packed & 0x07) + 1) : 0);

/** End of a chain of data sub-blocks (length byte, data) closed by an empty one; undefined when it runs past the end. */
function subBlocksEnd(b: Uint8Array, at: number): number | undefined {
  while (at < b.length) {
    const length = b[at]!;
    if (length === 0) return at + 1;
    at += 1 + length;
  }
  return undefined;
}

/** The NETSCAPE2.0 loop count as a fresh block (nothing else from that extension), or nothing for other applications. */
function loopExtension(b: Uint8Array, at: number, end: number): Uint8Array[] {
  if (b[at + 2] !== NETSCAPE.length || ascii(b, at + 3, NETSCAPE.length) !== NETSCAPE) return [];
  for (let sub = at + 3 + NETSCAPE.length; sub < end - 1; sub += 1 + b[sub]!) {
    if (b[sub] === 3 && b[sub + 1] === 1) {
      const block = [EXTENSION, APPLICATION, NETSCAPE.length, ...Buffer.from(NETSCAPE), 3, 1, b[sub + 2]!, b[sub + 3]!, 0];
      return [new Uint8Array(block)];
    }
  }
  return [];
}
