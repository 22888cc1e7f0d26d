import { ascii, u16be, u32be, uintBe } from "../bytes";
import { type BoxBudget, type IsoBox, isoChildren } from "../iso-box";
import { jpegMetadataRanges } from "./jpeg-in-place";

/**
 * The public copy of a HEIF/HEIC photo. Rewriting the box tree would move every offset, so the copy keeps the
 * structure and blanks in place: the bytes of every item that is not a picture (EXIF, XMP, any "mime" or unknown
 * item) become zeros, and each box outside the whitelist (at the top, in meta, among the item properties) becomes a
 * zeroed "free" box; bytes of mdat and idat that no kept picture uses become zeros too. A JPEG-coded item (the picture itself, or a thumbnail) keeps its own EXIF in an APP1 segment:
 * it is cleaned in place (jpeg-in-place.ts). Every box must fit its parent and every item extent the file, and the
 * primary item must be a picture that is kept; otherwise undefined (fail closed).
 */
export function stripHeif(b: Uint8Array): Uint8Array[] | undefined {
  const budget = { left: MAX_BOXES };
  const top = isoChildren(b, 0, b.length, budget);
  if (!top || top[0]?.type !== "ftyp") return undefined;
  const metas = top.filter((box) => box.type === "meta");
  if (metas.length !== 1) return undefined;
  const meta = metas[0]!;
  const inMeta = isoChildren(b, meta.body + FULL_BOX, meta.end, budget);
  if (!inMeta) return undefined;
  const only = (type: string) => {
    const found = inMeta.filter((box) => box.type === type);
    return found.length <= 1 ? { box: found[0] } : undefined;
  };
  const [iinf, iloc, idat, iprp, pitm] = [only("iinf"), only("iloc"), only("idat"), only("iprp"), only("pitm")];
  if (!iinf?.box || !iloc?.box || !idat || !iprp || !pitm?.box) return undefined;
  const items = itemKinds(b, iinf.box, budget);
  const properties = iprp.box ? propertyBoxes(b, iprp.box, budget) : [];
  if (!items || properties === undefined || items.blank.has(primaryItem(b, pitm.box))) return undefined;
  const dataBoxes = [...top.filter((box) => box.type === "mdat"), ...(idat.box ? [idat.box] : [])].sort((x, y) => x.body - y.body);
  const located = itemRanges(b, iloc.box, items, idat.box, dataBoxes);
  if (!located) return undefined;
  // What no kept picture uses in mdat or idat (an item an editor removed but left the bytes of, an image sequence's
  // samples, padding) is blanked too: only pictures that are shown stay.
  const ranges = [...located.blank, ...unused(dataBoxes, located.kept)];
  // JPEG items may not overlap, so no byte is walked twice (16k items naming one 25 MB extent would be 400 GB).
  const jpegs = located.jpeg.sort((x, y) => x[0] - y[0]);
  if (jpegs.some(([start], i) => i > 0 && start < jpegs[i - 1]![1])) return undefined;
  for (const [start, end] of jpegs) {
    const inside = jpegMetadataRanges(b.subarray(start, end));
    if (!inside) return undefined;
    for (const [from, to] of inside) ranges.push([start + from, start + to]);
  }

  const blankBoxes = [
    ...top.filter((box) => !TOP_LEVEL.has(box.type)),
    ...inMeta.filter((box) => !IN_META.has(box.type)),
    ...properties.filter((box) => !PROPERTIES.has(box.type)),
  ];
  const edits: Edit[] = [
    ...blankBoxes.map((box): Edit => [box.start + 4, box.start + 8, FREE]),
    ...merged([...ranges, ...blankBoxes.map((box): [number, number] => [box.body, box.end])]).map(([start, end]): Edit => [start, end]),
  ];
  return edited(b, edits);
}

/** [start, end) of the file replaced by `bytes` (of that length), or by zeros when absent. */
type Edit = [start: number, end: number, bytes?: Uint8Array];

const ZEROS = new Uint8Array(64 * 1024);

/**
 * The file with the edits applied, as parts to be written in order: views of the file between the edits, and the
 * edits' bytes (zeros as views of one shared block). The copy is never assembled in memory, so a 25 MB photo costs
 * only itself. Undefined when edits overlap (no real file needs that: fail closed).
 */
function edited(b: Uint8Array, edits: Edit[]): Uint8Array[] | undefined {
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const [start, end, bytes] of edits.sort((x, y) => x[0] - y[0])) {
    if (start < at) return undefined;
    parts.push(b.subarray(at, start));
    if (bytes) parts.push(bytes);
    else for (let zero = start; zero < end; zero += ZEROS.length) parts.push(ZEROS.subarray(0, Math.min(ZEROS.length, end - zero)));
    at = end;
  }
  parts.push(b.subarray(at));
  return parts.filter((part) => part.length > 0);
}

const MAX_BOXES = 1 << 14; // real photos have a few hundred (tiles, thumbnails, auxiliary images)
const MAX_EXTENTS = 1 << 14;
const FULL_BOX = 4; // version and flags
const FREE = new TextEncoder().encode("free");

const TOP_LEVEL = new Set(["ftyp", "meta", "mdat", "free", "skip"]);
const IN_META = new Set(["hdlr", "pitm", "iloc", "iinf", "iref", "iprp", "idat", "dinf", "grpl", "free", "skip"]);
/** Item properties a decoder uses: codec configurations, size, colour (incl. the ICC profile), transforms, layers. */
const PROPERTIES = new Set([
  ...["hvcC", "av1C", "avcC", "jpgC", "vvcC", "lhvC", "uncC", "cmpd"],
  ...["ispe", "pixi", "colr", "clli", "mdcv", "cclv", "amve", "pasp", "clap", "irot", "imir"],
  ...["auxC", "rloc", "lsel", "a1op", "a1lx", "tols", "free", "skip"],
]);
/**
 * Item types that are (parts of) pictures; everything else is blanked, including JPEG 2000 (its COM segments) and
 * pictures stored as "mime" items (a PNG or WebP with its own metadata). JPEG items are kept and cleaned.
 */
const PICTURES = new Set(["hvc1", "hvt1", "av01", "avc1", "jpeg", "vvc1", "lhv1", "unci", "grid", "iovl", "iden", "tmap"]);

/** Item ids: to blank (not pictures: EXIF, XMP and other "mime" items, anything unknown) and JPEG-coded. */
type ItemKinds = { blank: Set<number>; jpeg: Set<number> };

/** The primary item's id (pitm version 0: 16 bits, 1: 32 bits). */
const primaryItem = (b: Uint8Array, pitm: IsoBox) => (b[pitm.body] === 0 ? u16be(b, pitm.body + FULL_BOX) : u32be(b, pitm.body + FULL_BOX));

/** The kinds of items in iinf; undefined if malformed. */
function itemKinds(b: Uint8Array, iinf: IsoBox, budget: BoxBudget): ItemKinds | undefined {
  const version = b[iinf.body];
  const entriesStart = iinf.body + FULL_BOX + (version === 0 ? 2 : 4);
  const entries = entriesStart <= iinf.end ? isoChildren(b, entriesStart, iinf.end, budget) : undefined;
  if (!entries) return undefined;
  const ids = new Set<number>();
  const jpeg = new Set<number>();
  for (const infe of entries) {
    if (infe.type !== "infe") continue;
    const infeVersion = b[infe.body] ?? 0;
    const idBytes = infeVersion === 3 ? 4 : 2;
    const typeAt = infe.body + FULL_BOX + idBytes + 2; // item_ID, item_protection_index
    if (typeAt + 4 > infe.end) return undefined;
    const id = idBytes === 4 ? u32be(b, infe.body + FULL_BOX) : u16be(b, infe.body + FULL_BOX);
    // Versions 0 and 1 have no item type: they describe files ("mime" content), never coded pictures.
    const type = ascii(b, typeAt, 4);
    if (infeVersion < 2 || !PICTURES.has(type)) ids.add(id);
    else if (type === "jpeg") jpeg.add(id);
  }
  return { blank: ids, jpeg };
}

/** The boxes in iprp's property container (ipco); [] when there is none, undefined when malformed. */
function propertyBoxes(b: Uint8Array, iprp: IsoBox, budget: BoxBudget): IsoBox[] | undefined {
  const children = isoChildren(b, iprp.body, iprp.end, budget);
  if (!children) return undefined;
  const ipco = children.find((box) => box.type === "ipco");
  return ipco ? isoChildren(b, ipco.body, ipco.end, budget) : [];
}

/** Extents [start, end) of the items to blank, of the JPEG items, and of every picture item kept (JPEG included). */
type Located = { blank: [number, number][]; jpeg: [number, number][]; kept: [number, number][] };

/**
 * Byte ranges [start, end) of the items to blank, of the JPEG items and of the pictures kept, from iloc. Every extent of every item must
 * lie inside the file (or idat), and those to blank or clean inside the body of an mdat or idat box, so that blanking
 * never touches the box structure (and a second pass finds the same); a JPEG item must be one extent (its walk needs
 * it whole). Counts are bounded by the bytes that must hold them. Undefined when malformed.
 */
function itemRanges(b: Uint8Array, iloc: IsoBox, items: ItemKinds, idat: IsoBox | undefined, dataBoxes: IsoBox[]): Located | undefined {
  const ids = items.blank;
  const version = b[iloc.body]!;
  if (version > 2) return undefined;
  let at = iloc.body + FULL_BOX;
  const offsetSize = b[at]! >> 4;
  const lengthSize = b[at]! & 0x0f;
  const baseOffsetSize = b[at + 1]! >> 4;
  const indexSize = version === 0 ? 0 : b[at + 1]! & 0x0f;
  if (![offsetSize, lengthSize, baseOffsetSize, indexSize].every((size) => size === 0 || size === 4 || size === 8)) return undefined;
  const idSize = version === 2 ? 4 : 2;
  const count = uintBe(b, at + 2, idSize);
  at += 2 + idSize;
  const itemHeader = idSize + (version === 0 ? 0 : 2) + 2 + baseOffsetSize + 2;
  const extentBytes = indexSize + offsetSize + lengthSize;
  const ranges: [number, number][] = [];
  const jpeg: [number, number][] = [];
  const kept: [number, number][] = [];
  let extentsLeft = MAX_EXTENTS;
  for (let i = 0; i < count; i++) {
    if (at + itemHeader > iloc.end) return undefined;
    const id = uintBe(b, at, idSize);
    const method = version === 0 ? 0 : u16be(b, at + idSize) & 0x0f;
    at += itemHeader - baseOffsetSize - 2;
    const baseOffset = uintBe(b, at, baseOffsetSize);
    const extents = u16be(b, at + baseOffsetSize);
    at += baseOffsetSize + 2;
    extentsLeft -= extents;
    if (extentsLeft < 0 || at + extents * extentBytes > iloc.end || method > 2 || (method === 1 && !idat)) return undefined;
    if (items.jpeg.has(id) && (method === 2 || extents !== 1)) return undefined;
    // Method 0: offsets in the file; 1: inside idat; 2: taken from another item (nothing here to locate).
    const [origin, limit] = method === 1 && idat ? [idat.body, idat.end] : [0, b.length];
    for (let e = 0; e < extents; e++, at += extentBytes) {
      if (method === 2) continue;
      const start = origin + baseOffset + uintBe(b, at + indexSize, offsetSize);
      const length = uintBe(b, at + indexSize + offsetSize, lengthSize);
      const end = length === 0 ? limit : start + length; // length 0: to the end of the data
      if (start > limit || end > limit) return undefined;
      if (!ids.has(id)) kept.push([start, end]);
      if (!ids.has(id) && !items.jpeg.has(id)) continue;
      if (!insideOne(dataBoxes, start, end)) return undefined;
      (ids.has(id) ? ranges : jpeg).push([start, end]);
    }
    if (method === 2 && ids.has(id)) return undefined; // a metadata item we could not locate: do not publish
  }
  return { blank: ranges, jpeg, kept };
}

/** The parts of the data boxes' bodies (sorted, not overlapping) that none of the `used` ranges covers. */
function unused(dataBoxes: IsoBox[], used: [number, number][]): [number, number][] {
  const covered = merged(used);
  const out: [number, number][] = [];
  let first = 0;
  for (const box of dataBoxes) {
    let at = box.body;
    while (first < covered.length && covered[first]![1] <= at) first++;
    for (let k = first; k < covered.length && covered[k]![0] < box.end; k++) {
      if (covered[k]![0] > at) out.push([at, covered[k]![0]]);
      at = Math.max(at, covered[k]![1]);
    }
    if (at < box.end) out.push([at, box.end]);
  }
  return out;
}

/** Whether [start, end) lies inside the body of one of `boxes` (sorted, not overlapping): a binary search. */
function insideOne(boxes: IsoBox[], start: number, end: number): boolean {
  let [low, high] = [0, boxes.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    const box = boxes[middle]!;
    if (start < box.body) high = middle - 1;
    else if (start >= box.end) low = middle + 1;
    else return end <= box.end;
  }
  return false;
}

/** Ranges sorted and joined, so that blanking them touches each byte at most once. */
function merged(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of ranges.sort((x, y) => x[0] - y[0])) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}
