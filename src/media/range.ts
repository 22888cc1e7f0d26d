import type { ByteRange } from "./store";

/**
 * Parses a single-range "bytes=" header against a size. undefined: no usable Range (serve whole);
 * "unsatisfiable": answer 416.
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined; // multiple or odd ranges: the whole file is a valid answer
  const [, from, to] = match;
  if (from === "" && to === "") return undefined;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
