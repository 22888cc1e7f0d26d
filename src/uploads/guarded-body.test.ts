import { expect, test } from "bun:test";
import { guardedBody } from "./guarded-body";

const CHUNK = 64 * 1024;
const CHUNKS = 96;

test("chunks already handed to storage are not kept while the body is still arriving", async () => {
  // A body that sends CHUNKS fresh chunks and then goes quiet (a slow phone): the request is still open.
  const sent: WeakRef<Uint8Array>[] = [];
  let count = 0;
  const source = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (count++ >= CHUNKS) return new Promise(() => {});
        const chunk = new Uint8Array(CHUNK).fill(count);
        sent.push(new WeakRef(chunk));
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  const body = guardedBody(source, {
    maxBytes: 1024 * 1024 * 1024,
    stallMs: 60_000,
    minBytesPerWindow: 0,
    beforeHandOver: async () => {},
    checkDisk: async () => {},
  });
  const reader = body.getReader();
  let received = 0;
  while (received < CHUNKS * CHUNK) received += (await reader.read()).value!.byteLength; // as storage gets them
  Bun.gc(true);
  const kept = sent.filter((ref) => ref.deref() !== undefined).length;
  expect(kept).toBeLessThan(CHUNKS / 4); // all of them were kept when each read raced one long-lived stall promise
  await reader.cancel();
});
