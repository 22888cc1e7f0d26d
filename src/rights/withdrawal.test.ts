/**
 * A withdrawal is a standing instruction (issue 41): once a participant — or an admin for them — withdraws an item, no
 * publishing path makes it public again: the bulk bar, Make All Public, the spec's clearance toggle. Only an explicit
 * override of that one item does, audited as its own action. Against the real server (libSQL file, media folder).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, adminActor, form, newParticipant, type Participant } from "../../tests/support/client";
import { auditVerify } from "../../tests/support/rights";
import { startTestServer, type TestServer } from "../../tests/support/server";

setDefaultTimeout(60_000);

let server: TestServer;
let admin: Actor;
let mira: Participant;
let bo: Participant;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminActor(server.url);
  mira = await newParticipant(server.url, { full_name: "Mira Okonkwo-Lindqvist" });
  bo = await newParticipant(server.url);
});
afterAll(() => server?.stop());

const visitor = () => new Actor(server.url);
const publicIds = async () => ((await (await visitor().get("/api/evidence/public")).json()) as { id: number }[]).map((item) => item.id);
const sql = async (text: string, args: (string | number)[] = []) => (await server.ctx.db.$client.execute({ sql: text, args })).rows;
const entries = async (action: string, id: number) =>
  (await sql("select actor_name, detail from audit_log where action = ? and target_type = 'evidence' and target_id = ? order by id", [action, id])).map(
    (row) => ({ actor: row[0], detail: JSON.parse(row[1] as string) }),
  );

async function post(who: Participant, title: string): Promise<number> {
  const created = await who.actor.post("/api/evidence", form({ title, notes: "" }));
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Three items: Mira's, public then withdrawn by her; Mira's second; Bo's. All but the withdrawn one private. */
let withdrawn: number;
let miraOther: number;
let bos: number;
beforeEach(async () => {
  expect((await admin.put("/api/evidence/makeAllSecret")).status).toBe(200);
  withdrawn = await post(mira, "Harbour at dawn, the van again");
  miraOther = await post(mira, "The second van");
  bos = await post(bo, "Bo's note");
  expect((await admin.put("/api/evidence/bulk", { ids: [withdrawn], action: "publish" })).status).toBe(200);
  expect(await publicIds()).toContain(withdrawn);
  const answer = await mira.actor.put(`/api/evidence/withdraw/${withdrawn}`);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ id: withdrawn, is_public: false, withdrawn_by: { id: mira.user.id, username: mira.user.username } });
  expect(await publicIds()).not.toContain(withdrawn);
});

describe("no publishing path undoes a withdrawal", () => {
  test("bulk publish skips it, says so, and publishes the rest", async () => {
    const answer = await admin.put("/api/evidence/bulk", { ids: [withdrawn, miraOther, bos], action: "publish" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ updated: 2, ids: [miraOther, bos], skipped_withdrawn: [withdrawn], skipped_unredacted: [] });
    const shown = await publicIds();
    expect(shown).toContain(miraOther);
    expect(shown).not.toContain(withdrawn);
    // Unpublishing reports nothing skipped.
    expect(await (await admin.put("/api/evidence/bulk", { ids: [miraOther], action: "unpublish" })).json()).toEqual({ updated: 1, ids: [miraOther], skipped_withdrawn: [], skipped_unredacted: [] });
  });

  test("Make All Public leaves it private and lists it", async () => {
    const answer = (await (await admin.put("/api/evidence/makeAllPublic")).json()) as { ids: number[]; skipped_withdrawn: number[] };
    expect(answer.ids).toContain(miraOther);
    expect(answer.ids).not.toContain(withdrawn);
    expect(answer.skipped_withdrawn).toContain(withdrawn);
    expect(await publicIds()).not.toContain(withdrawn);
    const [row] = await sql("select is_public, withdrawn_at is not null from evidence where id = ?", [withdrawn]);
    expect([Number(row![0]), Number(row![1])]).toEqual([0, 1]);
  });

  test("the spec's clearance toggle answers 409 naming the withdrawal, and changes nothing", async () => {
    const answer = await admin.put(`/api/evidence/clearance/${withdrawn}`);
    expect(answer.status).toBe(409);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      code: "evidence.withdrawn",
      withdrawn_by: { id: mira.user.id, username: mira.user.username },
      participant: { id: mira.user.id, username: mira.user.username },
    });
    expect(body.message).toContain(`${mira.user.username} withdrew this item`);
    expect(Date.parse(body.withdrawn_at as string)).toBeGreaterThan(Date.now() - 60_000);
    // A body without the override (or with a false one) is no override either.
    expect((await admin.put(`/api/evidence/clearance/${withdrawn}`, { override_withdrawal: "yes" })).status).toBe(409);
    expect(await publicIds()).not.toContain(withdrawn);
    expect(await entries("evidence.override-withdrawal", withdrawn)).toEqual([]);
  });

  test("the console filters and counts withdrawn items", async () => {
    const listed = (await (await admin.get("/api/evidence/admin?visibility=withdrawn")).json()) as { id: number; withdrawn_at: string }[];
    expect(listed.map((item) => item.id)).toContain(withdrawn);
    expect(listed.every((item) => item.withdrawn_at)).toBe(true);
    expect(listed.map((item) => item.id)).not.toContain(miraOther);
    const counts = async (query: string) => (await (await admin.get(`/api/evidence/admin/counts?${query}`)).json()) as Record<string, number>;
    expect(await counts(`id=${withdrawn}`)).toMatchObject({ total: 1, withdrawn: 1, private: 1, public: 0 });
    expect(await counts(`id=${miraOther}`)).toMatchObject({ total: 1, withdrawn: 0, private: 1 });
    // Public or withdrawn: both states, nothing else.
    expect((await admin.put("/api/evidence/bulk", { ids: [miraOther], action: "publish" })).status).toBe(200);
    const privateOnly = await post(mira, "Never shown");
    const either = (await (await admin.get(`/api/evidence/admin?visibility=public,withdrawn&user=${mira.user.id}`)).json()) as { id: number }[];
    expect(either.map((item) => item.id)).toContain(withdrawn);
    expect(either.map((item) => item.id)).toContain(miraOther);
    expect(either.map((item) => item.id)).not.toContain(privateOnly);
  });
});

describe("an override is explicit, one item at a time, and audited as such", () => {
  test("clearance with override_withdrawal publishes it, clears the withdrawal, and records the override", async () => {
    const answer = await admin.put(`/api/evidence/clearance/${withdrawn}`, { override_withdrawal: true });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: withdrawn, is_public: true, withdrawn_at: null, withdrawn_by: null });
    expect(await publicIds()).toContain(withdrawn);
    const [override] = await entries("evidence.override-withdrawal", withdrawn);
    expect(override!.actor).toBe("admin");
    expect(override!.detail).toMatchObject({ is_public: { before: false, after: true }, withdrawn_at: { after: null }, withdrawn_by: mira.user.id });
    expect(typeof override!.detail.withdrawn_at.before).toBe("string");
    // The participant may withdraw again; that withdrawal stands again.
    expect((await mira.actor.put(`/api/evidence/withdraw/${withdrawn}`)).status).toBe(200);
    expect((await admin.put("/api/evidence/makeAllPublic")).status).toBe(200);
    expect(await publicIds()).not.toContain(withdrawn);
    await auditVerify(server.dataDir);
  });

  test("a participant cannot override, and neither can another participant withdraw what is not theirs", async () => {
    expect((await mira.actor.put(`/api/evidence/clearance/${withdrawn}`, { override_withdrawal: true })).status).toBe(403);
    expect((await bo.actor.put(`/api/evidence/withdraw/${miraOther}`)).status).toBe(404);
  });
});

describe("an admin withdraws for a participant", () => {
  test("the same standing instruction, recorded with the admin's name", async () => {
    expect((await admin.put("/api/evidence/bulk", { ids: [miraOther], action: "publish" })).status).toBe(200);
    const answer = await admin.put(`/api/evidence/withdraw/${miraOther}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ is_public: false, withdrawn_by: { username: "admin" } });
    expect(await publicIds()).not.toContain(miraOther);
    const [entry] = await entries("evidence.withdraw", miraOther);
    expect(entry).toMatchObject({ actor: "admin", detail: { on_behalf_of: mira.user.id } });

    const bulk = (await (await admin.put("/api/evidence/bulk", { ids: [miraOther], action: "publish" })).json()) as { skipped_withdrawn: number[] };
    expect(bulk.skipped_withdrawn).toEqual([miraOther]);
    const refused = await admin.put(`/api/evidence/clearance/${miraOther}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ withdrawn_by: { username: "admin" }, participant: { username: mira.user.username } });
    // Mira sees who recorded it, on her own list.
    const own = (await (await mira.actor.get("/api/evidence")).json()) as { id: number; withdrawn_by: { id: number; username: string } | null }[];
    expect(own.find((item) => item.id === miraOther)!.withdrawn_by).toEqual({ id: expect.any(Number), username: "admin" });
  });

  test("an item never withdrawn keeps the spec's answers (the original client's toggle)", async () => {
    const answer = await admin.put(`/api/evidence/clearance/${bos}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: bos, is_public: true, withdrawn_at: null });
    expect((await admin.put(`/api/evidence/clearance/${bos}`)).status).toBe(200);
    expect(await publicIds()).not.toContain(bos);
  });
});
