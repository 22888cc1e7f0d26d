import { expect, test } from "bun:test";
import { POOLED_BUFFER_BYTES, withPooledBuffer } from "./buffer-pool";

test("a crowd of borrowers shares at most 16 buffers: the others wait their turn, and every one gets a whole buffer", async () => {
  const gate = Promise.withResolvers<void>();
  const seen = new Set<Buffer>();
  let holding = 0;
  let mostHeld = 0;
  const borrowers = Array.from({ length: 200 }, (_, i) =>
    withPooledBuffer(async (buffer) => {
      expect(buffer.length).toBe(POOLED_BUFFER_BYTES);
      seen.add(buffer);
      mostHeld = Math.max(mostHeld, ++holding);
      buffer.fill(i % 256); // what this borrower wrote is its own while it holds the buffer
      if (i < 50) await gate.promise;
      else await Bun.sleep(i % 3);
      const mine = buffer.every((byte) => byte === i % 256);
      holding--;
      return mine;
    }),
  );
  await Bun.sleep(20);
  expect(mostHeld).toBe(16); // the first 16 hold theirs until the gate opens; nobody else got one meanwhile
  gate.resolve();
  expect(await Promise.all(borrowers)).toEqual(Array(200).fill(true));
  expect(seen.size).toBe(16);
});

test("a borrower that fails gives its buffer back", async () => {
  await Promise.all(Array.from({ length: 40 }, () => withPooledBuffer(() => Promise.reject(new Error("read failed"))).catch(() => undefined)));
  const done = await Promise.all(Array.from({ length: 40 }, (_, i) => withPooledBuffer(async () => i)));
  expect(done).toHaveLength(40);
});
