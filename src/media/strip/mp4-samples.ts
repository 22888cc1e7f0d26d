import { childOf, type Box } from "./mp4-box";
import { fail, u32be } from "./source";

/**
 * Where a track's samples are in the file: chunk by chunk from its stsc (samples per chunk), stsz (sample sizes)
 * and stco/co64 (chunk offsets). Every table is checked against its box, the work is linear in the tables' sizes,
 * and what is built is bounded whatever the tables say: chunk ranges are merged as they are walked (a track of
 * millions of one-byte chunks end to end is one range), and a track needing more than MAX_RANGES separate ranges or
 * samples is not published.
 */
export type FileRange = { at: number; length: number };

/** Separate ranges (or samples) kept per file; beyond, the file is not published. Real files need a few thousand. */
export const MAX_RANGES = 100_000;

/** A table of `count` entries of `width` bytes starting `skip` bytes into the box's body, checked against the box. */
function table(b: Uint8Array, box: Box, skip: number, width: number): { count: number; at: number } {
  const body = box.at + box.headerSize;
  if (box.size - box.headerSize < skip) fail(`${box.type} too short`);
  const count = u32be(b, body + skip - 4);
  if (count * width > box.size - box.headerSize - skip) fail(`${box.type} has more entries than bytes`);
  return { count, at: body + skip };
}

/** Sizes of samples `first` up to (not including) `end`, summed. */
type SizeOf = (first: number, end: number) => number;

/** Calls visit(chunk's offset, its first sample, its number of samples, sizes) for every chunk, in table order. */
function eachChunk(b: Uint8Array, stbl: Box, visit: (at: number, first: number, samples: number, sizeOf: SizeOf) => void): void {
  const stsc = table(b, childOf(b, stbl, "stsc") ?? fail("no stsc"), 8, 12);
  const stszBox = childOf(b, stbl, "stsz") ?? fail("no stsz (or an stz2, not supported here)");
  const fixedSize = stszBox.size - stszBox.headerSize >= 8 ? u32be(b, stszBox.at + stszBox.headerSize + 4) : fail("stsz too short");
  const sizes = table(b, stszBox, 12, fixedSize ? 0 : 4);
  const sizeOf: SizeOf = (first, end) => {
    if (fixedSize) return fixedSize * (end - first);
    let sum = 0;
    for (let s = first; s < end; s++) sum += u32be(b, sizes.at + s * 4);
    return sum;
  };
  const co64 = childOf(b, stbl, "co64");
  const offsets = co64 ? table(b, co64, 8, 8) : table(b, childOf(b, stbl, "stco") ?? fail("no chunk offsets"), 8, 4);
  const offsetAt = (chunk: number) =>
    co64 ? u32be(b, offsets.at + chunk * 8) * 2 ** 32 + u32be(b, offsets.at + chunk * 8 + 4) : u32be(b, offsets.at + chunk * 4);

  let sample = 0;
  for (let entry = 0; entry < stsc.count; entry++) {
    const first = u32be(b, stsc.at + entry * 12);
    const perChunk = u32be(b, stsc.at + entry * 12 + 4);
    const next = entry + 1 < stsc.count ? u32be(b, stsc.at + (entry + 1) * 12) : offsets.count + 1;
    if ((entry === 0 && first !== 1) || next <= first || next > offsets.count + 1) fail("bad stsc");
    for (let chunk = first; chunk < next; chunk++) {
      if (sample + perChunk > sizes.count) fail("stsc names more samples than stsz");
      visit(offsetAt(chunk - 1), sample, perChunk, sizeOf);
      sample += perChunk;
    }
  }
  if (sample !== sizes.count || (stsc.count === 0 && offsets.count > 0)) fail("sample tables disagree");
}

/** The ranges holding a track's samples, sorted and merged. */
export function trackSampleRanges(b: Uint8Array, stbl: Box): FileRange[] {
  const ranges: FileRange[] = [];
  eachChunk(b, stbl, (at, first, samples, sizeOf) => {
    const length = sizeOf(first, first + samples);
    if (length === 0) return;
    const last = ranges[ranges.length - 1];
    if (last && at >= last.at && at <= last.at + last.length) last.length = Math.max(last.length, at + length - last.at);
    else if (ranges.push({ at, length }) > MAX_RANGES) fail("a track in too many pieces");
  });
  return merged(ranges);
}

/** Each sample of a track (for walking its pictures one by one): offsets and lengths, at most MAX_RANGES of them. */
export function trackSamples(b: Uint8Array, stbl: Box): FileRange[] {
  const samples: FileRange[] = [];
  eachChunk(b, stbl, (at, first, count, sizeOf) => {
    if (samples.length + count > MAX_RANGES) fail("a track of too many samples");
    for (let s = first; s < first + count; s++) {
      const length = sizeOf(s, s + 1);
      samples.push({ at, length });
      at += length;
    }
  });
  return samples;
}

/** Sorted, with overlapping and touching ranges joined. */
function merged(ranges: FileRange[]): FileRange[] {
  ranges.sort((x, y) => x.at - y.at);
  const out: FileRange[] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r.at <= last.at + last.length) last.length = Math.max(last.length, r.at + r.length - last.at);
    else out.push({ ...r });
  }
  return out;
}
