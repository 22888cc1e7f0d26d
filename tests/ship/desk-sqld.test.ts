/**
 * The desk on a real libSQL server, with two instances writing and reading: its search (FTS5 and its triggers), and a
 * change that reads before it writes (Make All Public reads what it will skip, then publishes) waiting its turn behind
 * the other instance's writes instead of failing. What that did: its batch began deferred, and the upgrade to a write
 * failed at once with SQLITE_BUSY whenever the other instance had committed meanwhile — a 500 for the admin.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { adminActor, form, newParticipant } from "../support/client";
import { startTwoInstances, type TwoInstances } from "./support/instances";

setDefaultTimeout(60_000);

let instances: TwoInstances;

beforeAll(async () => {
  instances = await startTwoInstances();
}, 60_000);
afterAll(() => instances?.stop());

test("an item sent and a participant renamed through one instance are found by search on the other", async () => {
  const { first, second } = instances;
  const participant = await newParticipant(first.url, { full_name: "Ödön Farkas" });
  const created = await participant.actor.post("/api/evidence", form({ title: "Kingfisher at the lock", notes: "blue flash" }));
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const admin = await adminActor(second.url);
  const search = async (q: string) =>
    ((await (await admin.get(`/api/evidence/admin?q=${encodeURIComponent(q)}&kind=note&status=new&limit=50`)).json()) as { id: number }[]).map((i) => i.id);
  expect(await search("kingfish")).toEqual([id]);
  expect(await search("odon farkas")).toEqual([id]);
  expect(await search('NEAR( "')).toEqual([]);
  expect(await search('" * (')).toEqual([id]); // nothing searchable: no search

  const profile = { full_name: "Edit Renamed", email: participant.fields.email, phone_number: participant.fields.phone_number, pronouns: "" };
  expect((await participant.actor.put("/api/evidence/user", form(profile))).status).toBe(200);
  expect(await search("renamed")).toEqual([id]);
  expect(await search("farkas")).toEqual([]);

  expect((await (await adminActor(first.url)).put(`/api/evidence/review/${id}`, { status: "flagged" })).status).toBe(200);
  expect(await (await admin.get("/api/evidence/admin/counts?q=kingfisher")).json()).toEqual({ total: 1, new: 0, reviewed: 0, flagged: 1, public: 0, private: 1, withdrawn: 0, redaction: { none: 1, pending: 0, failed: 0, unverified: 0, passed: 0 } });
});

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
  const { rows } = await first.ctx.db.$client.execute("select sum(is_public = 1), sum(withdrawn_at is not null and is_public = 0) from evidence where title like 'Arrival %'");
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
