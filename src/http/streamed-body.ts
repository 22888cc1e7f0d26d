/**
 * A body streamed from the media store (an S3 object) can fail after the head has gone out with its 200: the only
 * honest answer left is to end the connection, which the runtime does when the stream errors. The outcome is kept
 * beside the response, so the server logs and counts such a request as the 5xx it became, not the 200 it began as.
 */
const outcomes = new WeakMap<Response, Promise<unknown>>();

/** For a watchedResponse: resolves once its body is sent, cancelled or failed (to the error); undefined for any other response. */
export function bodyOutcome(response: Response): Promise<unknown> | undefined {
  return outcomes.get(response);
}

/** A Response over a stream whose failure is seen: bodyOutcome(response) resolves to the error, or undefined once sent or cancelled. */
export function watchedResponse(source: ReadableStream<Uint8Array>, init: ResponseInit): Response {
  const reader = source.getReader();
  let settle!: (error: unknown) => void;
  const outcome = new Promise<unknown>((resolve) => (settle = resolve));
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            settle(undefined);
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          settle(error ?? new Error("the body's stream failed"));
          controller.error(error);
        }
      },
      cancel(reason) {
        settle(undefined);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, init);
  outcomes.set(response, outcome);
  return response;
}
