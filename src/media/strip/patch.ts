import { fail } from "./source";

/**
 * An in-place change to a file: `length` bytes at `at` become `bytes` (zeros when absent). Strippers only plan
 * patches that keep every byte offset, so chunk offsets and cues of the media stay valid.
 */
export type Patch = { at: number; length: number; bytes?: Uint8Array };

export const zeros = (at: number, length: number): Patch => ({ at, length });
export const replace = (at: number, bytes: Uint8Array): Patch => ({ at, length: bytes.length, bytes });
export const asciiBytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/**
 * More changes than any real file needs (a Motion-JPEG video has one or two per frame: 100,000 is 55 minutes at 30
 * frames a second): such a file is not published, and a plan stays a few MB in memory.
 */
const MAX_PATCHES = 100_000;

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
