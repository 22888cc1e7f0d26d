import { ascii, u32be, uintBe } from "./bytes";

/**
 * ISO base media boxes (MP4, MOV, HEIF), read defensively: a box must fit inside its parent, and every walk draws
 * from a budget of boxes so that no file, however crafted, makes it visit more than a fixed number.
 */
export type IsoBox = { type: string; start: number; body: number; end: number };
export type BoxBudget = { left: number };

export const ISO_HEADER_BYTES = 16;

/**
 * The box whose first bytes are `header` (up to 16 of them), starting at offset `start` of a parent ending at
 * `parentEnd`; undefined when it does not fit there. Size 0 means "to the end of the parent", size 1 a 64-bit size.
 */
export function isoBoxHeader(header: Uint8Array, start: number, parentEnd: number): IsoBox | undefined {
  if (parentEnd - start < 8 || header.length < 8) return undefined;
  const type = ascii(header, 4, 4);
  let size = u32be(header, 0);
  let body = start + 8;
  if (size === 1) {
    if (parentEnd - start < 16 || header.length < 16) return undefined;
    size = uintBe(header, 8, 8);
    body += 8;
  } else if (size === 0) size = parentEnd - start;
  if (size < body - start || size > parentEnd - start) return undefined;
  return { type, start, body, end: start + size };
}

/** The boxes filling [start, end) of an in-memory buffer exactly; undefined when any does not fit or the budget runs out. */
export function isoChildren(b: Uint8Array, start: number, end: number, budget: BoxBudget): IsoBox[] | undefined {
  const boxes: IsoBox[] = [];
  for (let at = start; at < end; ) {
    if (budget.left-- <= 0) return undefined;
    const box = isoBoxHeader(b.subarray(at, at + ISO_HEADER_BYTES), at, end);
    if (!box) return undefined;
    boxes.push(box);
    at = box.end;
  }
  return boxes;
}
