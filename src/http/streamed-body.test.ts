/** A streamed body that fails after the head: the client sees the connection end (not a complete 200), the server sees the error. */
import { expect, test } from "bun:test";
import { bodyOutcome, watchedResponse } from "./streamed-body";

test("a source failing mid-body ends the connection and its outcome is the error; a complete one's is undefined", async () => {
  const outcomes: Promise<unknown>[] = [];
  const server = Bun.serve({
    port: 0,
    development: false,
    fetch(request) {
      const failing = new URL(request.url).pathname === "/failing";
      let sent = false;
      const source = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sent) controller.enqueue(new Uint8Array(1000));
          else if (failing) controller.error(new Error("the bucket went away"));
          else controller.close();
          sent = true;
        },
      });
      const response = watchedResponse(source, { headers: { "content-length": "2000" } });
      outcomes.push(bodyOutcome(response)!);
      return response;
    },
  });
  try {
    const failed = await fetch(`${server.url}failing`).then((r) => r.arrayBuffer()).then(() => "complete", (error: Error) => `ended: ${error.name}`);
    expect(failed).toStartWith("ended");
    expect(((await outcomes[0]) as Error).message).toBe("the bucket went away");
    await fetch(`${server.url}whole`, { headers: { connection: "close" } }).then((r) => r.arrayBuffer()).catch(() => undefined);
    expect(await outcomes[1]).toBeUndefined();
  } finally {
    server.stop(true);
  }
});
