/**
 * A withdrawal holds across instances of one libSQL server (issue 41): a participant withdrawing through one instance
 * while admins publish the same items through the other, in bursts, never leaves a withdrawn item public, and every
 * publish that met the withdrawal says so.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, adminActor, form, newParticipant } from "../support/client";
import { startTwoInstances, type TwoInstances } from "./support/instances";

setDefaultTimeout(120_000);

let instances: TwoInstances;

beforeAll(async () => {
  instances = await startTwoInstances();
}, 60_000);
afterAll(() => instances?.stop());

test("withdrawals on one instance race bulk publishes, Make All Public and clearance on the other: withdrawn stays private", async () => {
  const { first, second } = instances;
  const mira = await newParticipant(first.url);
  const adminOnSecond = await adminActor(second.url);
  const adminOnFirst = await adminActor(first.url);
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) ids.push(((await (await mira.actor.post("/api/evidence", form({ title: `Night item ${i}` }))).json()) as { id: number }).id);
  expect((await adminOnFirst.put("/api/evidence/bulk", { ids, action: "publish" })).status).toBe(200);

  const reported = new Set<number>();
  const publishes = ids.map(async (_, round) => {
    const answer =
      round % 3 === 0
        ? await adminOnSecond.put("/api/evidence/makeAllPublic")
        : round % 3 === 1
          ? await adminOnSecond.put("/api/evidence/bulk", { ids, action: "publish" })
          : await adminOnFirst.put(`/api/evidence/clearance/${ids[round]}`);
    expect([200, 409]).toContain(answer.status);
    const body = (await answer.json()) as { skipped_withdrawn?: number[] };
    for (const id of body.skipped_withdrawn ?? []) reported.add(id);
  });
  const withdrawals = ids.map(async (id) => expect((await mira.actor.put(`/api/evidence/withdraw/${id}`)).status).toBe(200));
  await Promise.all([...publishes, ...withdrawals]);
  // A last publish through each instance after every withdrawal has answered.
  for (const admin of [adminOnFirst, adminOnSecond]) {
    const last = (await (await admin.put("/api/evidence/bulk", { ids, action: "publish" })).json()) as { ids: number[]; skipped_withdrawn: number[] };
    expect(last.ids).toEqual([]);
    expect([...last.skipped_withdrawn].sort()).toEqual([...ids].sort());
  }

  const visitor = new Actor(second.url);
  const shown = ((await (await visitor.get("/api/evidence/public")).json()) as { id: number }[]).map((item) => item.id);
  expect(shown.filter((id) => ids.includes(id))).toEqual([]);
  const { rows } = await first.ctx.db.$client.execute("select count(*) from evidence where withdrawn_at is not null and is_public = 1");
  expect(Number(rows[0]![0])).toBe(0);
  // Whatever a racing publish reported skipped was indeed withdrawn (which of them met a withdrawal is the race's).
  for (const id of reported) expect(ids).toContain(id);
});
