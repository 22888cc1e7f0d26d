import { badRequest, tooLarge } from "./errors";
import { BODY_TOO_LARGE_MESSAGE, SMALL_BODY_BYTES } from "./security";

/**
 * A JSON body of at most SMALL_BODY_BYTES, for routes that Elysia must not parse (they also take multipart).
 * The bytes are counted while reading, so a chunked body (no Content-Length to check) is cut at the cap too.
 */
export async function readSmallJson(request: Request): Promise<unknown> {
  if (Number(request.headers.get("content-length") ?? "0") > SMALL_BODY_BYTES) throw tooLarge(BODY_TOO_LARGE_MESSAGE);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > SMALL_BODY_BYTES) {
      reader.cancel().catch(() => {});
      throw tooLarge(BODY_TOO_LARGE_MESSAGE);
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}

/** As readSmallJson, but no body at all (the original client's PUT without one) reads as undefined. */
export async function readOptionalSmallJson(request: Request): Promise<unknown> {
  if (!request.body || request.headers.get("content-length") === "0") return undefined;
  return readSmallJson(request);
}
