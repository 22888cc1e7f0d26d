import { ascii, u32be, uintBe } from "./bytes";

/**
 * ISO base media boxes (MP4, MOV, HEIF), read defensively: a box must fit inside its parent, and every walk draws
 * from a budget of boxes so that no file, however crafted, makes it visit more than a fixed number.
 */
export type IsoBox = { type: string; start: number; body: number; end: number };
export type BoxBudget = { left: number };

export const ISO_HEADER_BYTES = 16;

/**
 * The box starting at `start` in `b`, inside a parent ending at `parentEnd` (which may lie beyond `b` when `b` holds
 * only the header); undefined when it does not fit there. Size 0 means "to the end of the parent", size 1 a 64-bit size.
 */
export function isoBoxHeader(b: Uint8Array, start: number, parentEnd: number): IsoBox | undefined {
  if (parentEnd - start < 8 || b.length - start < 8) return undefined;
  const type = ascii(b, start + 4, 4);
  let size = u32be(b, start);
  let body = start + 8;
  if (size === 1) {
    if (parentEnd - start < 16 || b.length - start < 16) return undefined;
    size = uintBe(b, start + 8, 8);
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
    const box = isoBoxHeader(b, at, end);
    if (!box) return undefined;
    boxes.push(box);
    at = box.end;
  }
  return boxes;
}
