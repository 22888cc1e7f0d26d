import { expect, test } from "bun:test";
import { turns } from "./turns";

test("at most `size` callers run at once, the rest in arrival order, and a failure passes the turn on", async () => {
  const take = turns(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const gates = Array.from({ length: 5 }, () => Promise.withResolvers<void>());
  const results = gates.map((gate, i) =>
    take(async () => {
      started.push(i);
      most = Math.max(most, ++running);
      await gate.promise;
      running--;
      if (i === 1) throw new Error("refused");
      return i;
    }).catch((error: Error) => error.message),
  );
  await Bun.sleep(0);
  expect(started).toEqual([0, 1]);
  for (const i of [1, 0, 2, 3, 4]) {
    gates[i]!.resolve();
    await Bun.sleep(0);
  }
  expect(await Promise.all(results)).toEqual([0, "refused", 2, 3, 4]);
  expect(started).toEqual([0, 1, 2, 3, 4]);
  expect(most).toBe(2);
});
