/**
 * HEIC/HEIF keep EXIF and XMP as "items" whose bytes the iloc box locates. Rewriting the box tree is
 * error-prone, so the public copy keeps the structure and overwrites those items' bytes with zeros.
 */
type Box = { type: string; start: number; body: number; end: number };

function* boxes(b: Uint8Array, view: DataView, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(...b.subarray(at + 4, at + 8));
    let body = at + 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      body += 8;
    } else if (size === 0) size = end - at;
    if (size < 8 || at + size > end) return;
    yield { type, start: at, body, end: at + size };
    at += size;
  }
}

const child = (b: Uint8Array, view: DataView, parent: { body: number; end: number }, type: string, skip = 0) => {
  for (const box of boxes(b, view, parent.body + skip, parent.end)) if (box.type === type) return box;
  return undefined;
};

function readUint(view: DataView, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 2) return view.getUint16(at);
  if (size === 4) return view.getUint32(at);
  return Number(view.getBigUint64(at));
}

/** Ids of items holding EXIF or XMP. */
function metadataItemIds(b: Uint8Array, view: DataView, iinf: Box): Set<number> {
  const ids = new Set<number>();
  const version = b[iinf.body]!;
  const entriesStart = iinf.body + 4 + (version === 0 ? 2 : 4);
  for (const infe of boxes(b, view, entriesStart, iinf.end)) {
    if (infe.type !== "infe") continue;
    const infeVersion = b[infe.body]!;
    if (infeVersion < 2) continue;
    let at = infe.body + 4;
    const id = infeVersion === 2 ? view.getUint16(at) : view.getUint32(at);
    at += (infeVersion === 2 ? 2 : 4) + 2;
    const itemType = String.fromCharCode(...b.subarray(at, at + 4));
    // Item names and content types are NUL-terminated strings after the type.
    const rest = new TextDecoder().decode(b.subarray(at + 4, infe.end));
    if (itemType === "Exif" || (itemType === "mime" && rest.includes("rdf+xml"))) ids.add(id);
  }
  return ids;
}

/** Byte ranges [start, end) of the given items, from the iloc box. */
function itemRanges(b: Uint8Array, view: DataView, iloc: Box, ids: Set<number>, idat: Box | undefined): [number, number][] {
  const ranges: [number, number][] = [];
  const version = b[iloc.body]!;
  let at = iloc.body + 4;
  const offsetSize = b[at]! >> 4;
  const lengthSize = b[at]! & 0x0f;
  const baseOffsetSize = b[at + 1]! >> 4;
  const indexSize = version === 1 || version === 2 ? b[at + 1]! & 0x0f : 0;
  at += 2;
  const count = version < 2 ? view.getUint16(at) : view.getUint32(at);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < count && at < iloc.end; i++) {
    const id = version < 2 ? view.getUint16(at) : view.getUint32(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = view.getUint16(at) & 0x0f;
      at += 2;
    }
    at += 2; // data_reference_index
    const baseOffset = readUint(view, at, baseOffsetSize);
    at += baseOffsetSize;
    const extents = view.getUint16(at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = readUint(view, at, offsetSize);
      at += offsetSize;
      const length = readUint(view, at, lengthSize);
      at += lengthSize;
      if (!ids.has(id)) continue;
      const origin = method === 1 && idat ? idat.body : 0;
      if (method > 1) continue;
      const start = origin + baseOffset + offset;
      ranges.push([start, Math.min(b.length, start + (length || b.length - start))]);
    }
  }
  return ranges;
}

export function stripHeif(bytes: Uint8Array): Uint8Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meta = [...boxes(bytes, view, 0, bytes.length)].find((box) => box.type === "meta");
  if (!meta) return undefined;
  const iinf = child(bytes, view, meta, "iinf", 4);
  const iloc = child(bytes, view, meta, "iloc", 4);
  if (!iinf || !iloc) return undefined;
  const ids = metadataItemIds(bytes, view, iinf);
  if (ids.size === 0) return undefined;
  const ranges = itemRanges(bytes, view, iloc, ids, child(bytes, view, meta, "idat", 4));
  if (ranges.length === 0) return undefined;
  const copy = bytes.slice();
  for (const [start, end] of ranges) copy.fill(0, start, end);
  return copy;
}
