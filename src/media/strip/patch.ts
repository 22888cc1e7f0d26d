import { constants } from "node:fs";
import { copyFile, open, rm, type FileHandle } from "node:fs/promises";
import { fail } from "./source";

/**
 * An in-place change to a file: `length` bytes at `at` become `bytes` (zeros when absent). Strippers only plan
 * patches that keep every byte offset, so chunk offsets and cues of the media stay valid.
 */
export type Patch = { at: number; length: number; bytes?: Uint8Array };

export const zeros = (at: number, length: number): Patch => ({ at, length });
export const replace = (at: number, bytes: Uint8Array): Patch => ({ at, length: bytes.length, bytes });
export const asciiBytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** More changes than any real file needs: such a file is not published (and its plan stays small in memory). */
const MAX_PATCHES = 10_000;

/** The patches a walker plans, capped at MAX_PATCHES. */
export class PatchList {
  readonly items: Patch[] = [];

  add(...patches: Patch[]): void {
    if (this.items.length + patches.length > MAX_PATCHES) fail("too many changes");
    this.items.push(...patches);
  }
}

/** Sorts patches and insists they are inside a file of `size` bytes and do not overlap. */
export function checkedPatches(patches: Patch[], size: number): Patch[] {
  const sorted = patches.filter((p) => p.length > 0).sort((a, b) => a.at - b.at);
  let end = 0;
  for (const p of sorted) {
    if (p.at < end || p.at + p.length > size) fail("patches overlap or leave the file");
    end = p.at + p.length;
  }
  return sorted;
}

/**
 * Applies the patches (sorted, from checkedPatches) that touch chunk, which sits at offset in the file, starting
 * from patch index `first`. Returns the index of the first patch that may still touch later chunks, and whether
 * any byte changed.
 */
export function patchChunk(chunk: Uint8Array, offset: number, patches: Patch[], first: number): { next: number; changed: boolean } {
  const chunkEnd = offset + chunk.length;
  let changed = false;
  let i = first;
  for (; i < patches.length && patches[i]!.at < chunkEnd; i++) {
    const p = patches[i]!;
    const from = Math.max(p.at, offset);
    const to = Math.min(p.at + p.length, chunkEnd);
    for (let at = from; at < to; at++) {
      const value = p.bytes ? p.bytes[at - p.at]! : 0;
      if (chunk[at - offset] !== value) {
        chunk[at - offset] = value;
        changed = true;
      }
    }
    if (p.at + p.length > chunkEnd) break; // continues into the next chunk
  }
  return { next: i, changed };
}

/** The most bytes read or written at once while checking and writing patched ranges. */
const PIECE_BYTES = 1024 * 1024;

/** Whether applying the patches would change any byte of the file: only the patched ranges are read. */
async function anyByteDiffers(file: FileHandle, patches: Patch[]): Promise<boolean> {
  const buffer = new Uint8Array(PIECE_BYTES);
  for (const [index, patch] of patches.entries()) {
    for (let at = patch.at; at < patch.at + patch.length; at += PIECE_BYTES) {
      const length = Math.min(PIECE_BYTES, patch.at + patch.length - at);
      const { bytesRead } = await file.read(buffer, 0, length, at);
      if (patchChunk(buffer.subarray(0, bytesRead), at, patches, index).changed) return true;
    }
  }
  return false;
}

async function writePatch(file: FileHandle, patch: Patch): Promise<void> {
  const zeros = patch.bytes ? undefined : new Uint8Array(Math.min(PIECE_BYTES, patch.length));
  for (let done = 0; done < patch.length; ) {
    const piece = patch.bytes ? patch.bytes.subarray(done) : zeros!.subarray(0, Math.min(zeros!.length, patch.length - done));
    const { bytesWritten } = await file.write(piece, 0, piece.length, patch.at + done);
    done += bytesWritten;
  }
}

/**
 * Writes target as source with the patches (sorted, from checkedPatches) applied. Returns whether any byte changed;
 * when none did, the original is already clean and no target is written. The kernel copies the file
 * (copy_file_range, no trip through JavaScript: a 1 GiB video cost 3.4 s of CPU when streamed through a buffer, see
 * BENCHMARKS.md), then only the patched ranges are written over it.
 */
export async function writePatchedCopy(source: string, target: string, patches: Patch[]): Promise<boolean> {
  const input = await open(source, "r");
  try {
    if (!(await anyByteDiffers(input, patches))) return false;
  } finally {
    await input.close();
  }
  try {
    await copyFile(source, target, constants.COPYFILE_EXCL);
    const output = await open(target, "r+");
    try {
      for (const patch of patches) await writePatch(output, patch);
    } finally {
      await output.close();
    }
    return true;
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}
