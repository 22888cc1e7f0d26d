/**
 * A refusal answered before the request's body was read (no session, another origin, the archive closed, someone
 * else's item, a limit checked on the declared length) must still reach a client that is sending that body: closing
 * the connection on unread bytes resets it, and a client that writes the whole body before reading (Node's fetch,
 * Python requests) saw EPIPE instead of the 4xx (issue 42). The connection still closes after a refused body
 * (security.ts closeAfterRefusedBody), so a browser stops pushing a large one; before it closes:
 * - a small body (declared up to SMALL_DRAIN_BYTES) is read and dropped, then answered;
 * - a larger one is answered at once, and the rest is read and dropped behind the answer for at most LINGER_MS or
 *   LINGER_BYTES (a lingering close): the answer's body is a stream that ends when the drain does, as Bun stops a
 *   request body's reading once its answer is complete. A body declaring more than LINGER_BYTES is not drained.
 */
import { declaredLength } from "./request-info";

const SMALL_DRAIN_BYTES = 64 * 1024;
const LINGER_BYTES = 32 * 1024 * 1024;
const LINGER_MS = 2_000;

/** Reads and drops body until it ends, a bound is reached or LINGER_MS pass; the connection then closes on the rest. */
async function discard(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<void> {
  const reader = body.getReader();
  const deadline = setTimeout(() => reader.cancel().catch(() => {}), LINGER_MS);
  try {
    for (let read = 0; read <= maxBytes; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.length;
    }
    await reader.cancel();
  } catch {
    // The client went away, or the deadline cancelled the read: nothing more to drain.
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * A resumable upload's piece refused because the upload is busy or elsewhere (423, 409): its client resumes by asking
 * the offset again and resending, so draining the piece would only spend the venue's upstream on bytes sent twice
 * (the lease of a piece cut by the network is still held when the resumed piece arrives).
 */
const isRefusedTusPiece = (request: Request, status: number) =>
  request.method === "PATCH" && (status === 423 || status === 409) && request.headers.get("content-type") === "application/offset+octet-stream";

export async function answerUnreadBody(request: Request, response: Response): Promise<Response> {
  if (response.status < 400 || !request.body || request.bodyUsed || isRefusedTusPiece(request, response.status)) return response;
  const length = declaredLength(request);
  if (length !== undefined && length <= SMALL_DRAIN_BYTES) {
    await discard(request.body, SMALL_DRAIN_BYTES);
    return response;
  }
  if (length !== undefined && length > LINGER_BYTES) return response;
  const answer = new Uint8Array(await response.arrayBuffer());
  const drained = discard(request.body, LINGER_BYTES);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(answer);
      await drained;
      controller.close();
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
