/** GET /api/evidence/public/:id, the public archive's item link: a public list row, and one answer for everything else. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { cast, fixture, form, type Actor, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
let owner: Participant;
let admin: Actor;
let visitor: Actor;
let shown: number;
let hidden: number;

const PLACE = "51.5007, -0.1246";

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, admin, visitor } = await cast(server.url));
  const post = async (title: string) =>
    ((await (await owner.actor.post("/api/evidence", form({ title, location: PLACE }, { file: await fixture("photo.jpg") }))).json()) as { id: number }).id;
  shown = await post("On the pier");
  hidden = await post("Still private");
  expect((await admin.put(`/api/evidence/clearance/${shown}`)).status).toBe(200);
});
afterAll(() => server.stop());

test("a public item is the same JSON as its row of the public list, for anyone", async () => {
  const response = await visitor.get(`/api/evidence/public/${shown}`);
  expect(response.status).toBe(200);
  const item = await response.json();
  const row = ((await (await visitor.get("/api/evidence/public")).json()) as { id: number }[]).find((r) => r.id === shown);
  expect(item).toEqual(row);
  expect(item).toMatchObject({ id: shown, title: "On the pier", is_public: true, media_type: 2, username: owner.user.username, duration_ms: null });
});

test("no place and no file facts leave for the public; the owner and admins still see the place", async () => {
  const item = await (await visitor.get(`/api/evidence/public/${shown}`)).json();
  const row = ((await (await visitor.get("/api/evidence/public")).json()) as { id: number }[]).find((r) => r.id === shown)!;
  for (const publicShape of [item, row]) {
    expect(publicShape.location).toBeNull();
    expect(publicShape).not.toHaveProperty("media");
    expect(JSON.stringify(publicShape)).not.toContain("51.5007");
  }
  const own = ((await (await owner.actor.get("/api/evidence")).json()) as { id: number; location: string }[]).find((r) => r.id === shown);
  expect(own?.location).toBe(PLACE);
  const adminRow = ((await (await admin.get("/api/evidence/admin")).json()) as { id: number; location: string }[]).find((r) => r.id === shown);
  expect(adminRow?.location).toBe(PLACE);
});

test("private, unknown and malformed ids get the same 404, even for the owner", async () => {
  const answers = [];
  for (const [actor, id] of [[visitor, hidden], [owner.actor, hidden], [visitor, 999999], [visitor, "abc"], [visitor, "0"], [visitor, "-1"], [visitor, "1.5"], [visitor, "9".repeat(30)]] as const) {
    const response = await actor.get(`/api/evidence/public/${id}`);
    answers.push({ status: response.status, body: await response.json() });
  }
  expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  expect(answers[0]).toEqual({ status: 404, body: { message: "This item is not in the public archive.", code: "not_found" } });
});

test("an item made private again is gone from its link at once", async () => {
  await admin.put(`/api/evidence/clearance/${shown}`);
  expect((await visitor.get(`/api/evidence/public/${shown}`)).status).toBe(404);
  await admin.put(`/api/evidence/clearance/${shown}`);
  expect((await visitor.get(`/api/evidence/public/${shown}`)).status).toBe(200);
});
