/**
 * Two instances writing to one libSQL server at once: a change that reads before it writes (Make All Public reads what
 * it will skip, then publishes) waits its turn behind the other instance's writes instead of failing. What it did: it
 * began deferred, and its upgrade to a write failed at once with SQLITE_BUSY whenever the other instance had committed
 * meanwhile — a 500 for the admin (CI saw it beside withdrawals).
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { adminActor, form, newParticipant } from "../support/client";
import { startTwoInstances, type TwoInstances } from "./support/instances";

setDefaultTimeout(120_000);

let instances: TwoInstances;

beforeAll(async () => {
  instances = await startTwoInstances();
}, 60_000);
afterAll(() => instances?.stop());

test("Make All Public through one instance while items arrive and are withdrawn through the other: every item created, every change 200", async () => {
  const { first, second } = instances;
  const sender = await newParticipant(first.url);
  const admin = await adminActor(second.url);
  const statuses: number[] = [];
  const publishes = Array.from({ length: 40 }, async () => statuses.push((await admin.put("/api/evidence/makeAllPublic")).status));
  const arrivals = Array.from({ length: 40 }, async (_, i) => {
    const sent = await sender.actor.post("/api/evidence", form({ title: `Arrival ${i}` }));
    statuses.push(sent.status === 201 ? 200 : sent.status);
    if (i % 2) statuses.push((await sender.actor.put(`/api/evidence/withdraw/${((await sent.json()) as { id: number }).id}`)).status);
  });
  await Promise.all([...publishes, ...arrivals]);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(statuses.length).toBe(100);
  // What the last Make All Public leaves: every item public but the withdrawn ones.
  expect((await admin.put("/api/evidence/makeAllPublic")).status).toBe(200);
  const { rows } = await first.ctx.db.$client.execute("select sum(is_public = 1), sum(withdrawn_at is not null and is_public = 0) from evidence");
  expect(Array.from(rows[0]!, Number)).toEqual([20, 20]);
});

test("read-then-write batches from both instances at once all commit", async () => {
  const { first, second } = instances;
  await first.ctx.db.$client.execute("create table if not exists tally (n integer)");
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      (i % 2 ? first : second).ctx.db.$client.batch(["select count(*) from tally", "insert into tally select count(*) from tally"]).catch((error: Error) => failures.push(error.message)),
    ),
  );
  expect(failures).toEqual([]);
  expect(Number((await second.ctx.db.$client.execute("select count(*) from tally")).rows[0]![0])).toBe(60);
});
