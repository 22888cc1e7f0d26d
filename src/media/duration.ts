import { ascii, u32be, u32le, uintBe } from "./bytes";
import { firstBox, HEAD_BYTES, readRange, readVint, windowedReader, type ReadAt } from "./sniff";

/**
 * Playing time in milliseconds where the container states it in a header: MP4/MOV/M4A (mvhd duration / timescale),
 * Matroska/WebM (Info Duration × TimecodeScale), WAV (data size / byte rate). Null otherwise (a recording that never
 * wrote its duration, MP3, Ogg). Reads a few headers only, through one window of HEAD_BYTES at a time, with a budget
 * of boxes, elements or chunks: no file, however crafted, costs more than a bounded number of small reads.
 */
export async function mediaDurationMs(file: Blob, mime: string): Promise<number | null> {
  const head = await readRange(file, 0, HEAD_BYTES);
  const seconds =
    mime === "video/mp4" || mime === "video/quicktime" || mime === "audio/mp4"
      ? await isoSeconds(file.size, windowedReader(file, head))
      : mime === "video/webm" || mime === "audio/webm"
        ? matroskaSeconds(head)
        : mime === "audio/wav"
          ? await wavSeconds(file.size, windowedReader(file, head))
          : undefined;
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
}

const MAX_BOXES = 256;

/** moov → mvhd: version 0 has 32-bit times, version 1 64-bit; a duration of all ones means "unknown". */
async function isoSeconds(size: number, read: ReadAt): Promise<number | undefined> {
  const budget = { left: MAX_BOXES };
  const moov = await firstBox(read, { body: 0, end: size }, "moov", budget);
  const mvhd = moov && (await firstBox(read, moov, "mvhd", budget));
  if (!mvhd || mvhd.end - mvhd.body < 32) return undefined;
  const b = await read(mvhd.body, mvhd.body + 32);
  const wide = b[0] === 1;
  const timescale = u32be(b, wide ? 20 : 12);
  const duration = wide ? uintBe(b, 24, 8) : u32be(b, 16);
  const unknown = wide ? u32be(b, 24) === 0xffffffff && u32be(b, 28) === 0xffffffff : duration === 0xffffffff;
  return timescale && !unknown ? duration / timescale : undefined;
}

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const MAX_ELEMENTS = 256;

/**
 * Segment → Info → TimecodeScale (ns per tick, default 1 ms) and Duration (a float in ticks), in the head of the file:
 * muxers write Info before the first Cluster, and a file whose Info lies beyond the head simply has no duration here.
 */
function matroskaSeconds(b: Uint8Array): number | undefined {
  let scale = 1_000_000;
  let ticks: number | undefined;
  let end = b.length;
  for (let at = 0, visited = 0; at < end && visited < MAX_ELEMENTS; visited++) {
    const id = readVint(b, at, true);
    const size = id && readVint(b, at + id.length, false);
    if (!id || !size || id.value === CLUSTER) break;
    const body = at + id.length + size.length;
    if (id.value === SEGMENT || id.value === INFO) {
      if (id.value === INFO && !size.unknown) end = Math.min(end, body + size.value); // read Info's children only
      at = body;
      continue;
    }
    if (size.unknown || body + size.value > b.length) break;
    if (id.value === TIMECODE_SCALE && size.value >= 1 && size.value <= 8) scale = uintBe(padded(b, body, size.value), 0, 8);
    if (id.value === DURATION && (size.value === 4 || size.value === 8)) {
      const view = new DataView(b.buffer, b.byteOffset + body, size.value);
      ticks = size.value === 4 ? view.getFloat32(0) : view.getFloat64(0);
    }
    at = body + size.value;
  }
  return ticks === undefined ? undefined : (ticks * scale) / 1e9;
}

/** An unsigned integer of 1–8 bytes, left-padded to 8 for uintBe. */
function padded(b: Uint8Array, at: number, length: number): Uint8Array {
  const out = new Uint8Array(8);
  out.set(b.subarray(at, at + length), 8 - length);
  return out;
}

const MAX_CHUNKS = 64;

/** RIFF/WAVE: the fmt chunk's byte rate and the data chunk's size (a streamed file's all-ones size: to the end). */
async function wavSeconds(size: number, read: ReadAt): Promise<number | undefined> {
  let byteRate = 0;
  for (let at = 12, chunks = 0; at + 8 <= size && chunks < MAX_CHUNKS; chunks++) {
    const header = await read(at, at + 8);
    const type = ascii(header, 0, 4);
    const length = u32le(header, 4);
    if (type === "fmt " && length >= 12) byteRate = u32le(await read(at + 8, at + 20), 8);
    if (type === "data") return byteRate ? Math.min(length, size - at - 8) / byteRate : undefined;
    at += 8 + length + (length % 2); // chunks are padded to an even size
  }
  return undefined;
}
