/**
 * SHA-256 of a file in the browser, fed slice by slice so a large video never sits in memory whole. hash-wasm,
 * because WebCrypto's digest is missing on plain-HTTP LAN pages and takes only a whole buffer. Loaded on first use.
 */
const SLICE_BYTES = 4 * 1024 * 1024;

export async function sha256Hex(file: Blob, signal?: AbortSignal): Promise<string> {
  const { createSHA256 } = await import("hash-wasm");
  const hasher = await createSHA256();
  hasher.init();
  for (let start = 0; start < file.size; start += SLICE_BYTES) {
    if (signal?.aborted) throw new DOMException("Hashing stopped", "AbortError");
    hasher.update(new Uint8Array(await file.slice(start, start + SLICE_BYTES).arrayBuffer()));
  }
  return hasher.digest("hex");
}
