/**
 * Lists as the original client reads them (no `limit`/`before`: the whole list) and as the web app pages them;
 * the poster's full name for admins only.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, cast, form, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { PAGE_DEFAULT } from "./evidence-input";

let server: TestServer;
let owner: Participant;
let other: Participant;
let admin: Actor;
let visitor: Actor;

const POSTER_NAME = "Rosa Example-Poster";
const NOTES = PAGE_DEFAULT + 15;

type Item = { id: number; full_name?: string; user_id: number };
const list = async (actor: Actor, path: string) => {
  const response = await actor.get(path);
  expect(response.status).toBe(200);
  return (await response.json()) as Item[];
};
const note = async (title: string) => {
  const response = await owner.actor.post("/api/evidence", form({ title }));
  expect(response.status).toBe(201);
  return (await response.json()) as Item;
};

beforeAll(async () => {
  // More notes than one participant may send in an hour by default.
  server = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: "0" });
  ({ owner, other, admin, visitor } = await cast(server.url));
  expect((await owner.actor.put("/api/evidence/user", form({ full_name: POSTER_NAME, email: owner.fields.email, phone_number: owner.fields.phone_number, pronouns: "" }))).status).toBe(200);
  for (let i = 0; i < NOTES; i++) await note(`note ${i}`);
  expect((await admin.put("/api/evidence/makeAllPublic")).status).toBe(200);
});
afterAll(() => server.stop());

describe("without limit or before, a list is whole", () => {
  test("the public list and the admin list return every item, newest first", async () => {
    for (const [actor, path] of [[visitor, "/api/evidence/public"], [admin, "/api/evidence/admin"]] as const) {
      const items = await list(actor, path);
      expect(items.length).toBe(NOTES);
      expect(items.map((i) => i.id)).toEqual(items.map((i) => i.id).sort((a, b) => b - a));
    }
  });

  test("the web app keeps paging: limit and before still cut pages", async () => {
    const first = await list(visitor, "/api/evidence/public?limit=10");
    expect(first.length).toBe(10);
    const next = await list(visitor, `/api/evidence/public?before=${first.at(-1)!.id}`);
    expect(next.length).toBe(PAGE_DEFAULT);
    expect(next[0]!.id).toBeLessThan(first.at(-1)!.id);
    expect((await list(admin, "/api/evidence/admin?limit=7")).length).toBe(7);
  });

  test("the cached whole public list shows a change at once", async () => {
    const before = await list(visitor, "/api/evidence/public");
    const added = await note("late note");
    expect((await admin.put(`/api/evidence/clearance/${added.id}`)).status).toBe(200);
    const after = await list(visitor, "/api/evidence/public");
    expect(after.length).toBe(before.length + 1);
    expect(after[0]!.id).toBe(added.id);
    expect((await list(visitor, "/api/evidence/public?limit=5"))[0]!.id).toBe(added.id);
  });
});

describe("the public list's counts", () => {
  const counts = async (path: string) => {
    const response = await visitor.get(path);
    expect(response.status).toBe(200);
    return [response.headers.get("x-total-count"), response.headers.get("x-kind-counts")];
  };

  test("every page names how many public items there are, in all and of each kind, and follows a change at once", async () => {
    const total = (await list(visitor, "/api/evidence/public")).length;
    const first = await list(visitor, "/api/evidence/public?limit=10");
    for (const path of ["/api/evidence/public", "/api/evidence/public?limit=10", `/api/evidence/public?limit=10&before=${first.at(-1)!.id}`]) {
      expect(await counts(path)).toEqual([String(total), `1=${total}`]);
    }
    // A private item is not counted; made public, it is, on the (cached) first page too.
    const added = await note("counted late");
    expect(await counts("/api/evidence/public?limit=10")).toEqual([String(total), `1=${total}`]);
    expect((await admin.put(`/api/evidence/clearance/${added.id}`)).status).toBe(200);
    expect(await counts("/api/evidence/public?limit=10")).toEqual([String(total + 1), `1=${total + 1}`]);
  });
});

describe("full_name of the poster", () => {
  test("is on every item of the admin lists", async () => {
    for (const path of ["/api/evidence/admin", "/api/evidence/admin?limit=5", `/api/user/${owner.user.id}/evidence`]) {
      const items = await list(admin, path);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item.full_name).toBe(POSTER_NAME);
    }
  });

  test("is never in a public list nor in what other users see", async () => {
    for (const [actor, path] of [
      [visitor, "/api/evidence/public"],
      [visitor, "/api/evidence/public?limit=5"],
      [other.actor, "/api/evidence/public"],
      [owner.actor, "/api/evidence"],
    ] as const) {
      const text = await (await actor.get(path)).text();
      expect(text).not.toContain("full_name");
      expect(text).not.toContain(POSTER_NAME);
    }
  });
});
