import { isHeadRequest } from "../http/request-info";
import { watchedResponse } from "../http/streamed-body";
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

/**
 * A 200, 206 or 416 answer for a Range request over bytes of a known size (video seeking, and iOS Safari,
 * which plays video only from servers that answer ranges). A HEAD request gets the same headers and reads nothing.
 */
export async function rangedResponse(
  request: Request,
  size: number,
  headers: Record<string, string>,
  read: (range?: ByteRange) => Promise<BodyInit>,
): Promise<Response> {
  const common = { ...headers, "accept-ranges": "bytes" };
  const range = parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...common, "content-range": `bytes */${size}` } });
  }
  const answer = async (init: ResponseInit) => {
    const body = isHeadRequest(request) ? null : await read(range ?? undefined);
    return body instanceof ReadableStream ? watchedResponse(body, init) : new Response(body, init);
  };
  if (range) {
    return answer({
      status: 206,
      headers: { ...common, "content-range": `bytes ${range.start}-${range.end}/${size}`, "content-length": String(range.end - range.start + 1) },
    });
  }
  return answer({ status: 200, headers: { ...common, "content-length": String(size) } });
}
