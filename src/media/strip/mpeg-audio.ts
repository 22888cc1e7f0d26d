import { PatchList, replace, zeros, type Patch } from "./patch";
import { ascii, ByteSource, fail, u32le } from "./source";

/**
 * MP3 (and ADTS AAC, which may carry the same tags). ID3v2 tags, wherever they sit, keep their header and become
 * padding; an ID3v1 tag at the end keeps "TAG" and loses its fields; an APEv2 tag keeps header and footer and loses
 * its items. Every byte between the tags must be an audio frame, so nothing unknown is published.
 */

const MAX_FRAMES = 4_000_000;
const MAX_TRAILERS = 8;
const ID3V1_BYTES = 128;
const APE_FOOTER_BYTES = 32;

/** kbit/s by [MPEG-1 | MPEG-2 and 2.5][layer - 1][bitrate index]. */
const BITRATES_KBPS = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];
const SAMPLE_RATES = [
  [11025, 12000, 8000], // MPEG 2.5
  [],
  [22050, 24000, 16000], // MPEG 2
  [44100, 48000, 32000], // MPEG 1
];

/** Length of the MPEG audio or ADTS frame whose header is at b[i] (available: bytes there), or undefined. */
export function frameLength(b: Uint8Array, i: number, available: number): number | undefined {
  if (available < 4 || b[i] !== 0xff || (b[i + 1]! & 0xe0) !== 0xe0) return undefined;
  const version = (b[i + 1]! >> 3) & 3;
  const layer = 4 - ((b[i + 1]! >> 1) & 3); // 4: "reserved", which ADTS uses
  if (layer === 4) {
    if ((b[i + 1]! & 0xf6) !== 0xf0 || available < 7) return undefined;
    const length = ((b[i + 3]! & 3) << 11) | (b[i + 4]! << 3) | (b[i + 5]! >> 5);
    return length >= 7 ? length : undefined;
  }
  const bitrate = BITRATES_KBPS[version === 3 ? 0 : 1]![layer - 1]![b[i + 2]! >> 4];
  const sampleRate = SAMPLE_RATES[version]?.[(b[i + 2]! >> 2) & 3];
  if (!bitrate || !sampleRate) return undefined; // free-format, reserved or invalid
  const padding = (b[i + 2]! >> 1) & 1;
  if (layer === 1) return (Math.floor((12 * bitrate * 1000) / sampleRate) + padding) * 4;
  const perFrame = layer === 3 && version !== 3 ? 72 : 144;
  return Math.floor((perFrame * bitrate * 1000) / sampleRate) + padding;
}

const syncsafe = (b: Uint8Array, at: number) => {
  if ((b[at]! | b[at + 1]! | b[at + 2]! | b[at + 3]!) & 0x80) fail("ID3 size is not syncsafe");
  return (b[at]! << 21) | (b[at + 1]! << 14) | (b[at + 2]! << 7) | b[at + 3]!;
};

const toSyncsafe = (n: number) => Uint8Array.of((n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f);

/** An ID3v2 tag at `at` (header "ID3"): its total length, and patches that leave a header and padding only. */
function blankId3v2(h: Uint8Array, at: number): { length: number; patches: Patch[] } {
  if (h[3]! < 2 || h[3]! > 4 || h[4] === 0xff) fail("unknown ID3v2 version");
  const body = syncsafe(h, 6) + (h[5]! & 0x10 ? 10 : 0); // a footer becomes padding too
  if (body >= 2 ** 28) fail("ID3v2 tag too large");
  return { length: 10 + body, patches: [replace(at + 5, Uint8Array.of(0, ...toSyncsafe(body))), zeros(at + 10, body)] };
}

/** Where the audio ends: tags at the end (ID3v1, APEv2, an appended ID3v2 with footer) are blanked and peeled off. */
async function peelTrailers(source: ByteSource, patches: PatchList): Promise<number> {
  let end = source.size;
  for (let n = 0; n < MAX_TRAILERS; n++) {
    if (end >= ID3V1_BYTES && ascii(await source.read(end - ID3V1_BYTES, 3), 0, 3) === "TAG") {
      patches.add(zeros(end - ID3V1_BYTES + 3, ID3V1_BYTES - 4), replace(end - 1, Uint8Array.of(0xff))); // genre: none
      end -= ID3V1_BYTES;
      continue;
    }
    if (end < APE_FOOTER_BYTES) break;
    const footer = await source.read(end - APE_FOOTER_BYTES, APE_FOOTER_BYTES);
    if (ascii(footer, 0, 8) === "APETAGEX") {
      const size = u32le(footer, 12);
      const header = footer[23]! & 0x80 ? APE_FOOTER_BYTES : 0;
      const start = end - size - header;
      if (size < APE_FOOTER_BYTES || start < 0) fail("APE tag larger than the file");
      patches.add(zeros(end - APE_FOOTER_BYTES + 16, 4)); // no items
      if (header) patches.add(zeros(start + 16, 4));
      patches.add(zeros(start + header, size - APE_FOOTER_BYTES));
      end = start;
      continue;
    }
    if (ascii(footer, APE_FOOTER_BYTES - 10, 3) === "3DI") {
      const tail = footer.subarray(APE_FOOTER_BYTES - 10);
      const start = end - 20 - syncsafe(tail, 6);
      if (start < 0) fail("ID3v2 footer larger than the file");
      const tag = blankId3v2(await source.read(start, 10), start);
      if (start + tag.length !== end) fail("ID3v2 header and footer disagree");
      patches.add(...tag.patches);
      end = start;
      continue;
    }
    break;
  }
  return end;
}

export async function planMpegAudio(source: ByteSource): Promise<Patch[]> {
  const patches = new PatchList();
  const end = await peelTrailers(source, patches);
  let frames = 0;
  for (let at = 0; at < end; ) {
    if (++frames > MAX_FRAMES) fail("too many frames");
    const length = Math.min(10, end - at);
    if (!source.has(at, length)) await source.load(at, length);
    const b = source.bytes;
    const i = at - source.offset;
    if (length >= 10 && b[i] === 0x49 && b[i + 1] === 0x44 && b[i + 2] === 0x33) {
      const tag = blankId3v2(b.subarray(i, i + 10), at); // "ID3"
      if (at + tag.length > end) fail("ID3v2 tag larger than the file");
      patches.add(...tag.patches);
      at += tag.length;
      continue;
    }
    const frame = frameLength(b, i, length) ?? fail(`not an audio frame at ${at}`);
    at += frame; // a last frame cut short holds only audio
  }
  if (frames === 0) fail("no audio");
  return patches.items;
}
