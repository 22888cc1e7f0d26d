import { ascii, concat, u32le } from "../bytes";

/**
 * The public copy of a WebP: the image chunks (VP8, VP8L, ALPH), the extended header (VP8X, flags fixed), the ICC
 * profile and the animation (ANIM, ANMF with only its image sub-chunks). Dropped: EXIF, XMP, unknown chunks, anything
 * after the RIFF's end. Undefined when a chunk does not fit the RIFF or no image is found (fail closed).
 */
export function stripWebp(b: Uint8Array): Uint8Array[] | undefined {
  if (b.length < 12 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP") return undefined;
  const riffEnd = 8 + u32le(b, 4);
  const chunks = riffEnd <= b.length ? riffChunks(b, 12, riffEnd) : undefined;
  if (!chunks || !IMAGE_FIRST.has(chunks[0]?.type ?? "")) return undefined;
  const hasIcc = chunks.some((c) => c.type === "ICCP");
  const kept: Uint8Array[] = [];
  let images = 0;
  for (const chunk of chunks) {
    if (chunk.type === "VP8X") kept.push(extendedHeader(b, chunk, hasIcc));
    else if (chunk.type === "ANMF") {
      const frame = animationFrame(b, chunk);
      if (!frame) return undefined;
      kept.push(...frame);
      images++;
    } else if (TOP_LEVEL.has(chunk.type)) {
      kept.push(...padded(b, chunk));
      if (IMAGE.has(chunk.type)) images++;
    }
  }
  if (images === 0) return undefined;
  return [riffHeader(b.subarray(0, 8), 4 + byteLength(kept)), b.subarray(8, 12), ...kept];
}

const byteLength = (parts: Uint8Array[]) => parts.reduce((n, p) => n + p.length, 0);

/** A RIFF chunk header (type, little-endian size) for a body of `size` bytes. */
function riffHeader(typeAndSize: Uint8Array, size: number): Uint8Array {
  const out = typeAndSize.slice(0, 8);
  new DataView(out.buffer).setUint32(4, size, true);
  return out;
}

type Chunk = { type: string; start: number; data: number; dataEnd: number; end: number };

const MAX_CHUNKS = 1 << 15;
const IMAGE = new Set(["VP8 ", "VP8L"]);
const IMAGE_FIRST = new Set(["VP8 ", "VP8L", "VP8X"]);
const TOP_LEVEL = new Set(["VP8 ", "VP8L", "ALPH", "ICCP", "ANIM"]);
const FRAME_PARTS = new Set(["VP8 ", "VP8L", "ALPH"]);
const ANMF_HEADER = 16;
const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;
const PAD = new Uint8Array(1);

/** The chunks filling [start, end) exactly (each padded to an even size); undefined when one does not fit. */
function riffChunks(b: Uint8Array, start: number, end: number): Chunk[] | undefined {
  const chunks: Chunk[] = [];
  for (let at = start; at < end; ) {
    if (at + 8 > end || chunks.length >= MAX_CHUNKS) return undefined;
    const size = u32le(b, at + 4);
    const dataEnd = at + 8 + size;
    const chunkEnd = dataEnd + (size & 1);
    if (chunkEnd > end) return undefined;
    chunks.push({ type: ascii(b, at, 4), start: at, data: at + 8, dataEnd, end: chunkEnd });
    at = chunkEnd;
  }
  return chunks;
}

/** A chunk as it is, its padding byte zeroed (it could carry a byte of anything). */
const padded = (b: Uint8Array, c: Chunk) => (c.end > c.dataEnd ? [b.subarray(c.start, c.dataEnd), PAD] : [b.subarray(c.start, c.end)]);

/** VP8X announcing only what the copy carries: no EXIF, no XMP, ICC only when the profile is there. */
function extendedHeader(b: Uint8Array, c: Chunk, hasIcc: boolean): Uint8Array {
  const out = concat(padded(b, c));
  if (out.length > 8) out[8] = (out[8]! & ~(VP8X_EXIF | VP8X_XMP | VP8X_ICC)) | (hasIcc ? VP8X_ICC : 0);
  return out;
}

/** An ANMF frame keeping its 16-byte header and only its image sub-chunks; undefined when it has none or is malformed. */
function animationFrame(b: Uint8Array, c: Chunk): Uint8Array[] | undefined {
  if (c.dataEnd - c.data < ANMF_HEADER) return undefined;
  const parts = riffChunks(b, c.data + ANMF_HEADER, c.dataEnd);
  if (!parts || !parts.some((p) => IMAGE.has(p.type))) return undefined;
  const body = [b.subarray(c.data, c.data + ANMF_HEADER), ...parts.filter((p) => FRAME_PARTS.has(p.type)).flatMap((p) => padded(b, p))];
  return [riffHeader(b.subarray(c.start, c.start + 8), byteLength(body)), ...body];
}
