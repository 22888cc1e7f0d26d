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
    renewLeaseIfDue: async () => {},
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

test("a body longer than the upload hands storage exactly the bytes that fit, then refuses the rest", async () => {
  // Three 4 KiB chunks against 10,000 bytes of room: the third chunk straddles the end.
  const chunks = [0, 1, 2].map((k) => new Uint8Array(4096).fill(k + 1));
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let handOvers = 0;
  const body = guardedBody(source, {
    maxBytes: 10_000,
    stallMs: 60_000,
    minBytesPerWindow: 0,
    renewLeaseIfDue: async () => void handOvers++,
    checkDisk: async () => {},
  });
  const reader = body.getReader();
  const stored: Uint8Array[] = [];
  const failure = await (async () => {
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) stored.push(read.value);
    } catch (error) {
      return error as { status?: number };
    }
  })();
  expect(failure?.status).toBe(400);
  expect(stored.reduce((n, c) => n + c.byteLength, 0)).toBe(10_000);
  expect(stored.at(-1)!.every((byte) => byte === 3)).toBe(true);
  expect(handOvers).toBe(3); // the lease was checked before every piece handed over
});
