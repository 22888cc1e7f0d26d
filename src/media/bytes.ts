/** Small readers for untrusted byte buffers. A read past the end gives 0 (never throws); callers check bounds first. */

/**
 * Bytes as Latin-1 text, stopping at the end of `b`. Built four characters a call (most uses read a four-character
 * code): spreading a view, or adding one character at a time, leaves far more garbage per call on hostile input.
 */
export function ascii(b: Uint8Array, start: number, length: number): string {
  const end = Math.min(start + length, b.length);
  let text = "";
  let at = start;
  for (; at + 4 <= end; at += 4) text += String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
  for (; at < end; at++) text += String.fromCharCode(b[at]!);
  return text;
}

export const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);

export const u32be = (b: Uint8Array, at: number) =>
  (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;

export const u32le = (b: Uint8Array, at: number) =>
  (((b[at + 3] ?? 0) << 24) | ((b[at + 2] ?? 0) << 16) | ((b[at + 1] ?? 0) << 8) | (b[at] ?? 0)) >>> 0;

/** A big-endian unsigned integer of 0, 2, 4 or 8 bytes (8-byte values beyond 2^53 lose precision, and are out of any file). */
export const uintBe = (b: Uint8Array, at: number, size: number): number =>
  size === 0 ? 0 : size === 2 ? u16be(b, at) : size === 4 ? u32be(b, at) : u32be(b, at) * 2 ** 32 + u32be(b, at + 4);

/**
 * Appends `part` to `parts`, merging it into the last part when both are views of the same buffer and `part` starts
 * where the last one ends: a walker that keeps most of a file then holds a few views, not one per chunk.
 */
export function appendView(parts: Uint8Array[], part: Uint8Array): void {
  const last = parts.at(-1);
  if (last && last.buffer === part.buffer && last.byteOffset + last.length === part.byteOffset) {
    parts[parts.length - 1] = new Uint8Array(last.buffer, last.byteOffset, last.length + part.length);
  } else parts.push(part);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
