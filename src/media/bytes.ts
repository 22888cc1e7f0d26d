/** Small readers for untrusted byte buffers. A read past the end gives 0 (never throws); callers check bounds first. */

export const ascii = (b: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...b.subarray(start, start + length));

export const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);

export const u32be = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;

export const u32le = (b: Uint8Array, at: number) =>
  (((b[at + 3] ?? 0) << 24) | ((b[at + 2] ?? 0) << 16) | ((b[at + 1] ?? 0) << 8) | (b[at] ?? 0)) >>> 0;

/** A big-endian unsigned integer of 0, 2, 4 or 8 bytes (8-byte values beyond 2^53 lose precision, and are out of any file). */
export const uintBe = (b: Uint8Array, at: number, size: number): number =>
  size === 0 ? 0 : size === 2 ? u16be(b, at) : size === 4 ? u32be(b, at) : u32be(b, at) * 2 ** 32 + u32be(b, at + 4);

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
