/**
 * Reads a ZIP file's central directory (ZIP64 too) the way an unzip program does, so tests check exports without
 * depending on an installed unzip. Only what the tests need: names, sizes, methods, CRCs and stored entries' bytes.
 */
export type ZipEntry = { name: string; method: number; crc32: number; compressedSize: number; size: number; localOffset: number; flags: number };

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

async function bytesAt(file: Blob, start: number, length: number): Promise<DataView> {
  return new DataView(await file.slice(start, start + length).arrayBuffer());
}

export async function readZip(file: Blob): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, file.size - 65_557);
  const tail = await bytesAt(file, tailStart, file.size - tailStart);
  let at = tail.byteLength - 22;
  while (at >= 0 && tail.getUint32(at, true) !== EOCD) at -= 1;
  if (at < 0) throw new Error("no end of central directory record: not a ZIP");
  let count = tail.getUint16(at + 10, true);
  let cdSize = tail.getUint32(at + 12, true);
  let cdOffset = tail.getUint32(at + 16, true);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    if (tail.getUint32(at - 20, true) !== ZIP64_LOCATOR) throw new Error("ZIP64 sizes without a ZIP64 locator");
    const record = await bytesAt(file, Number(tail.getBigUint64(at - 20 + 8, true)), 56);
    if (record.getUint32(0, true) !== ZIP64_EOCD) throw new Error("bad ZIP64 end of central directory record");
    count = Number(record.getBigUint64(32, true));
    cdSize = Number(record.getBigUint64(40, true));
    cdOffset = Number(record.getBigUint64(48, true));
  }
  const cd = await bytesAt(file, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  for (let p = 0, i = 0; i < count; i++) {
    if (cd.getUint32(p, true) !== CENTRAL) throw new Error(`bad central directory entry ${i}`);
    const nameLength = cd.getUint16(p + 28, true);
    const extraLength = cd.getUint16(p + 30, true);
    const commentLength = cd.getUint16(p + 32, true);
    const entry: ZipEntry = {
      flags: cd.getUint16(p + 8, true),
      method: cd.getUint16(p + 10, true),
      crc32: cd.getUint32(p + 16, true),
      compressedSize: cd.getUint32(p + 20, true),
      size: cd.getUint32(p + 24, true),
      localOffset: cd.getUint32(p + 42, true),
      name: new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(cd.buffer, cd.byteOffset + p + 46, nameLength)),
    };
    readZip64Extra(new DataView(cd.buffer, cd.byteOffset + p + 46 + nameLength, extraLength), entry);
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes and offsets that did not fit 32 bits are in the ZIP64 extra field, in this order. */
function readZip64Extra(extra: DataView, entry: ZipEntry): void {
  for (let p = 0; p + 4 <= extra.byteLength; p += 4 + extra.getUint16(p + 2, true)) {
    if (extra.getUint16(p, true) !== 0x0001) continue;
    let q = p + 4;
    for (const field of ["size", "compressedSize", "localOffset"] as const) {
      if (entry[field] !== 0xffffffff) continue;
      entry[field] = Number(extra.getBigUint64(q, true));
      q += 8;
    }
  }
}

/** The bytes of a stored (uncompressed) entry, as a slice of the file. */
export async function storedEntry(file: Blob, entry: ZipEntry): Promise<Blob> {
  if (entry.method !== 0) throw new Error(`${entry.name} is compressed (method ${entry.method})`);
  const local = await bytesAt(file, entry.localOffset, 30);
  if (local.getUint32(0, true) !== LOCAL) throw new Error(`no local header for ${entry.name}`);
  const start = entry.localOffset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
  return file.slice(start, start + entry.compressedSize);
}

/** SHA-256 of a blob, read in slices so a large entry never sits in memory whole. */
export async function sha256Of(blob: Blob): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  const reader = blob.stream().getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) hasher.update(chunk.value);
  return hasher.digest("hex");
}
