import { asciiBytes, PatchList, replace, zeros, type Patch } from "./patch";
import { ascii, ByteSource, fail, u32le } from "./source";

/**
 * WAV (RIFF WAVE). Only chunks that describe or carry the sound are kept; every other chunk (LIST INFO, bext with
 * its originator and date, iXML, id3, XMP, cart, …) becomes JUNK with a zeroed body, so offsets are unchanged.
 */

const KEPT_CHUNKS = new Set(["fmt ", "data", "fact", "cue ", "smpl", "inst", "plst"]);
/** Padding keeps its type, but its body is zeroed: it may hold what an editor removed. */
const PADDING_CHUNKS = new Set(["JUNK", "junk", "PAD ", "FLLR"]);
const MAX_CHUNKS = 10_000;

export async function planWav(source: ByteSource): Promise<Patch[]> {
  const head = await source.read(0, 12);
  if (ascii(head, 0, 4) !== "RIFF" || ascii(head, 8, 4) !== "WAVE") fail("not a WAVE file");
  const end = 8 + u32le(head, 4);
  if (end > source.size) fail("RIFF larger than the file");
  if (end < source.size - 1) fail("bytes after the RIFF chunk");
  const patches = new PatchList();
  let sawFormat = false;
  for (let at = 12, count = 0; at < end; count++) {
    if (count > MAX_CHUNKS) fail("too many chunks");
    if (at + 8 > end) fail("chunk header crosses the end");
    const header = await source.read(at, 8);
    const type = ascii(header, 0, 4);
    const size = u32le(header, 4);
    if (at + 8 + size > end) fail(`chunk ${JSON.stringify(type)} larger than the file`);
    if (type === "fmt ") sawFormat = true;
    const body = zeros(at + 8, Math.min(size + (size & 1), end - at - 8));
    if (PADDING_CHUNKS.has(type)) patches.add(body);
    else if (!KEPT_CHUNKS.has(type)) patches.add(replace(at, asciiBytes("JUNK")), body);
    at += 8 + size + (size & 1); // chunks are padded to even sizes
  }
  if (!sawFormat) fail("no fmt chunk");
  return patches.items;
}
