/** Brotli and gzip for text sent over and over: which encodings a client accepts, and copies made once. */
type Encoding = "br" | "gzip";
type Bytes = Uint8Array<ArrayBuffer>;

/** The encodings a request accepts (q > 0), from its Accept-Encoding header; `*` stands for both. */
export function acceptedEncodings(header: string | null): Set<Encoding> {
  const accepted = new Set<Encoding>();
  const refused = new Set<string>();
  let star = false;
  for (const part of (header ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    const zero = q ? Number(q[1]) === 0 : false;
    if (zero) refused.add(token);
    else if (token === "br" || token === "gzip") accepted.add(token);
    else if (token === "*") star = true;
  }
  if (star) for (const e of ["br", "gzip"] as const) if (!refused.has(e)) accepted.add(e);
  for (const e of refused) accepted.delete(e as Encoding);
  return accepted;
}

/**
 * Compressed copies of text the server sends again and again (the bundle's files, the catalogs), made once per
 * version (a key, and the size and mtime of its bytes) and kept in memory: gzip -9 at the first request (a few ms for the main bundle), brotli (quality 11, ~0.4 s for it) on a
 * zlib worker thread in the background, served once it is ready. A copy no smaller than the file is not used.
 */
export class CompressedCopies {
  private entries = new Map<string, { version: string; gzip?: Bytes; br?: Bytes }>();

  async get(relative: string, file: Blob, encodings: Set<Encoding>): Promise<{ encoding: Encoding; bytes: Bytes } | undefined> {
    const version = `${file.size}:${(file as Blob & { lastModified?: number }).lastModified ?? 0}`;
    let entry = this.entries.get(relative);
    if (!entry || entry.version !== version) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const gzip = Bun.gzipSync(bytes, { level: 9 });
      entry = { version, gzip: gzip.length < bytes.length ? gzip : undefined };
      this.entries.set(relative, entry);
      const current = entry;
      // Required at the first copy, not at start: node:zlib costs every start ~1.5 ms (BENCHMARKS.md).
      const { brotliCompress, constants: zlib } = require("node:zlib") as typeof import("node:zlib");
      brotliCompress(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }, (error, br) => {
        if (!error && br.length < bytes.length) current.br = new Uint8Array(br); // a copy: the zlib Buffer may share a pooled ArrayBuffer
      });
    }
    if (encodings.has("br") && entry.br) return { encoding: "br", bytes: entry.br };
    if (encodings.has("gzip") && entry.gzip) return { encoding: "gzip", bytes: entry.gzip };
    return undefined;
  }
}
