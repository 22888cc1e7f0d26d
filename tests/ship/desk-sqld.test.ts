/** The desk's search (FTS5 and its triggers) on a real libSQL server, with two instances writing and reading. */
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
