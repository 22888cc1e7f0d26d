import { closeSync, fstatSync, ftruncateSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { copySpanSync } from "../../uploads/kernel-copy";
import type { Patch } from "./patch";

/**
 * Patches as they cross to the media thread: one span (at, length, where its bytes start in `bytes`, -1 for zeros)
 * per patch, in typed arrays. A Motion-JPEG video has up to 100,000 patches: as objects they took the request thread
 * tens of ms to send.
 */
export type PackedPatches = { spans: Float64Array; bytes: Uint8Array };

export function packPatches(patches: Patch[]): PackedPatches {
  const spans = new Float64Array(patches.length * 3);
  const bytes = new Uint8Array(patches.reduce((sum, p) => sum + (p.bytes?.length ?? 0), 0));
  let filled = 0;
  patches.forEach((p, i) => {
    spans.set([p.at, p.length, p.bytes ? filled : -1], i * 3);
    if (p.bytes) bytes.set(p.bytes, filled);
    filled += p.bytes?.length ?? 0;
  });
  return { spans, bytes };
}

export function unpackPatches({ spans, bytes }: PackedPatches): Patch[] {
  const patches: Patch[] = [];
  for (let i = 0; i < spans.length; i += 3) {
    const [at, length, from] = [spans[i]!, spans[i + 1]!, spans[i + 2]!];
    patches.push(from < 0 ? { at, length } : { at, length, bytes: bytes.subarray(from, from + length) });
  }
  return patches;
}

/** The most bytes read at once, and the longest stretch of patches read, changed and written together. */
const PIECE_BYTES = 1024 * 1024;
const ZERO_PIECE = new Uint8Array(PIECE_BYTES);
/**
 * The thread's one piece buffer (it does one task at a time): a fresh one per copy left a crowd's videos' worth of
 * garbage on the thread (+8–10 MiB of peak RSS with 300 phones; bench/show-night.ts).
 */
let pieceBuffer: Uint8Array | undefined;

/**
 * Writes target as source with the patches (sorted, from checkedPatches) applied; blocking, for the media thread.
 * Returns whether any byte changed: when none did (the original is already clean), no target is written. The copy
 * starts as a file of zeros of the source's size: what lies between patches is copied by the kernel, a zeroing patch
 * is left as it is (a `free` box, a track with a place, of any size: never read nor written), a patch with bytes is
 * written, and patches close together (a Motion-JPEG video's, one or two per frame) are read, changed and written a
 * piece at a time. Earlier the kernel copied the whole file and every patched range was read back and compared:
 * 1 GiB of zeroed padding cost ~0.6–1 s after the upload (BENCHMARKS.md, issue 22's thirteenth round).
 */
export function writePatchedCopySync(source: string, target: string, patches: Patch[]): boolean {
  const from = openSync(source, "r");
  try {
    if (!changesAnything(from, patches)) return false;
    const size = fstatSync(from).size;
    const to = openSync(target, "wx");
    try {
      ftruncateSync(to, size);
      writePatched(from, to, patches, size);
    } catch (error) {
      rmSync(target, { force: true });
      throw error;
    } finally {
      closeSync(to);
    }
    return true;
  } finally {
    closeSync(from);
  }
}

/** Whether any patched range of the file differs from what its patch wants (stops at the first that does). */
function changesAnything(file: number, patches: Patch[]): boolean {
  const buffer = (pieceBuffer ??= new Uint8Array(PIECE_BYTES));
  let piece: { at: number; bytes: Uint8Array } = { at: 0, bytes: buffer.subarray(0, 0) };
  for (const patch of patches) {
    for (let done = 0; done < patch.length; ) {
      const at = patch.at + done;
      if (at < piece.at || at >= piece.at + piece.bytes.length) piece = { at, bytes: readPiece(file, buffer, at) };
      const length = Math.min(patch.length - done, piece.at + piece.bytes.length - at);
      if (length <= 0) throw new Error(`the file ended at ${at}`);
      const here = piece.bytes.subarray(at - piece.at, at - piece.at + length);
      const wanted = patch.bytes ? patch.bytes.subarray(done, done + length) : ZERO_PIECE.subarray(0, length);
      if (Buffer.compare(here, wanted) !== 0) return true;
      done += length;
    }
  }
  return false;
}

function writePatched(from: number, to: number, patches: Patch[], size: number): void {
  const buffer = (pieceBuffer ??= new Uint8Array(PIECE_BYTES));
  let at = 0;
  for (let first = 0; first < patches.length; ) {
    // The patches that end within a piece of the first one's start: a group, read, changed and written as one piece.
    let next = first + 1;
    while (next < patches.length && patches[next]!.at + patches[next]!.length - patches[first]!.at <= PIECE_BYTES) next++;
    const start = patches[first]!.at;
    copySpanSync(from, to, at, start - at);
    if (next - first === 1) {
      const patch = patches[first]!;
      if (patch.bytes) writeAll(to, patch.bytes, patch.at);
    } else {
      const end = patches[next - 1]!.at + patches[next - 1]!.length;
      const piece = readPiece(from, buffer.subarray(0, end - start), start);
      for (const patch of patches.slice(first, next)) piece.set(patch.bytes ?? ZERO_PIECE.subarray(0, patch.length), patch.at - start);
      writeAll(to, piece, start);
    }
    at = patches[next - 1]!.at + patches[next - 1]!.length;
    first = next;
  }
  copySpanSync(from, to, at, size - at);
}

/** Fills into from file at position (a read may return fewer bytes than asked); shorter only at the file's end. */
function readPiece(file: number, into: Uint8Array, position: number): Uint8Array {
  let filled = 0;
  while (filled < into.length) {
    const read = readSync(file, into, filled, into.length - filled, position + filled);
    if (read === 0) break;
    filled += read;
  }
  return into.subarray(0, filled);
}

function writeAll(file: number, bytes: Uint8Array, position: number): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(file, bytes, written, bytes.length - written, position + written);
}
