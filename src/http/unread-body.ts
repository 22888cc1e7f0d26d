/**
 * A refusal answered before the request's body was read (no session, another origin, the archive closed, someone
 * else's item) must still reach a client that is sending it: closing the connection on unread bytes resets it, and a
 * client that writes the whole body before reading (Node's fetch, Python requests) sees EPIPE instead of the 4xx.
 * A small body is read and dropped before answering; a larger one is answered at once with `Connection: close`
 * while the rest is read and dropped behind the answer (a lingering close), both within bounds, so a refusal never
 * costs more than LINGER_BYTES or LINGER_MS.
 */
import { declaredLength } from "./request-info";

/** Read whole before the answer: up to this, draining costs less than a new connection. */
export const SMALL_DRAIN_BYTES = 64 * 1024;
export const LINGER_BYTES = 32 * 1024 * 1024;
export const LINGER_MS = 2_000;

/** Reads and drops body until it ends or a bound is reached (then the connection is closed on the rest). */
async function discard(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<void> {
  const reader = body.getReader();
  const deadline = setTimeout(() => reader.cancel().catch(() => {}), LINGER_MS);
  try {
    let read = 0;
    while (read <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.length;
    }
    await reader.cancel();
  } catch {
    // The client went away, or the deadline cancelled the read: nothing left to drain.
  } finally {
    clearTimeout(deadline);
  }
}

export async function answerUnreadBody(request: Request, response: Response): Promise<Response> {
  if (response.status < 400 || !request.body || request.bodyUsed) return response;
  const length = declaredLength(request);
  if (length !== undefined && length <= SMALL_DRAIN_BYTES) {
    await discard(request.body, SMALL_DRAIN_BYTES);
    return response;
  }
  const answer = new Uint8Array(await response.arrayBuffer());
  const drained = discard(request.body, LINGER_BYTES);
  // The answer goes out whole at once; its stream ends (and the connection with it) once the body is drained.
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(answer);
      await drained;
      controller.close();
    },
  });
  const headers = new Headers(response.headers);
  headers.set("content-length", String(answer.length));
  headers.set("connection", "close");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
