import { fail, fourcc, u32be } from "./source";

/** One ISO box: where it starts in the bytes at hand, its type, header and total size. */
export type Box = { at: number; type: string; headerSize: number; size: number };

/**
 * The box header at `at` in b, checked against its parent's end. Size 0 ("to the end of the file") is allowed for
 * top-level boxes only.
 */
export function boxAt(b: Uint8Array, at: number, end: number, topLevel: boolean): Box {
  if (at + 8 > end) fail("box header crosses its parent");
  let size = u32be(b, at);
  const type = fourcc(b, at + 4);
  let headerSize = 8;
  if (size === 1) {
    if (at + 16 > end) fail("large box header crosses its parent");
    size = u32be(b, at + 8) * 2 ** 32 + u32be(b, at + 12);
    headerSize = 16;
  } else if (size === 0) {
    if (!topLevel) fail("a box 'to the end of the file' inside another box");
    size = end - at;
  }
  if (size < headerSize || at + size > end) fail(`box ${JSON.stringify(type)} is larger than its parent`);
  return { at, type, headerSize, size };
}

/** The first child of type `type` in parent, or undefined. */
export function childOf(b: Uint8Array, parent: Box, type: string): Box | undefined {
  const end = parent.at + parent.size;
  for (let at = parent.at + parent.headerSize; at < end; ) {
    const box = boxAt(b, at, end, false);
    if (box.type === type) return box;
    at += box.size;
  }
  return undefined;
}
