/** The audit log through the real server: one entry per action, what it keeps, and that nothing changes it. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, cast, form, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

setDefaultTimeout(30_000);

let server: TestServer;
let owner: Participant;
let other: Participant;
let admin: Actor;
let visitor: Actor;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, other, admin, visitor } = await cast(server.url));
});
afterAll(() => server.stop());

type Entry = { id: number; at: string; actor_id: number | null; actor_name: string; action: string; target_type: string; target_id: number | null; detail: Record<string, unknown>; hash: string | null };

async function entries(query = ""): Promise<Entry[]> {
  const response = await admin.get(`/api/audit${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Entry[];
}

const newestEntry = async () => (await entries("?limit=1"))[0]!;

/** Every stored row, exactly as stored (to prove later actions never change earlier rows). */
const storedRows = async () => (await server.ctx.db.$client.execute("select * from audit_log order by id")).rows.map((row) => JSON.stringify(row));

async function postNote(actor: Actor, title: string) {
  const response = await actor.post("/api/evidence", form({ title, notes: "first words", location: "Dock 4" }));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

describe("recording", () => {
  test("each action writes one entry: who (id and name then), what, when, which target, and before → after", async () => {
    const start = (await newestEntry())?.id ?? 0;
    const item = await postNote(owner.actor, "Blue van");
    const created = await newestEntry();
    expect(created).toMatchObject({
      actor_id: owner.user.id,
      actor_name: owner.user.username,
      action: "evidence.create",
      target_type: "evidence",
      target_id: item.id,
    });
    expect(created.detail).toMatchObject({ title: { before: null, after: "Blue van" }, notes: { before: null, after: "first words" }, is_public: { before: null, after: false } });
    expect(Math.abs(Date.parse(created.at) - Date.now())).toBeLessThan(60_000);

    expect((await owner.actor.put(`/api/evidence/update/${item.id}`, { title: "Red van", notes: "first words" })).status).toBe(200);
    const updated = await newestEntry();
    expect(updated).toMatchObject({ action: "evidence.update", actor_id: owner.user.id, target_id: item.id });
    expect(updated.detail).toEqual({ title: { before: "Blue van", after: "Red van" } });

    expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);
    const toggled = await newestEntry();
    expect(toggled).toMatchObject({ action: "evidence.visibility", actor_name: "admin", target_id: item.id, detail: { is_public: { before: false, after: true } } });

    const second = await postNote(other.actor, "Second");
    expect((await admin.put("/api/evidence/makeAllPublic")).status).toBe(200);
    const madePublic = await newestEntry();
    expect(madePublic).toMatchObject({ action: "evidence.visibility", target_id: second.id, detail: { is_public: { before: false, after: true } } });

    expect((await admin.put(`/api/user/admin/${other.user.id}`, { ...other.fields, full_name: "Renamed Person" })).status).toBe(200);
    const edited = await newestEntry();
    expect(edited).toMatchObject({ action: "user.update", target_type: "user", target_id: other.user.id });
    expect(edited.detail).toEqual({ full_name: { before: "Test Person", after: "Renamed Person" } });

    expect((await admin.post(`/api/user/${other.user.id}/logout-all`)).status).toBe(200);
    expect(await newestEntry()).toMatchObject({ action: "user.logout-all", target_type: "user", target_id: other.user.id });

    expect((await owner.actor.delete(`/api/evidence/delete/${item.id}`)).status).toBe(200);
    const deleted = await newestEntry();
    expect(deleted).toMatchObject({ action: "evidence.delete", actor_id: owner.user.id, target_id: item.id });
    expect(deleted.detail).toMatchObject({ title: { before: "Red van", after: null }, is_public: { before: true, after: null } });

    expect((await admin.delete(`/api/user/${other.user.id}`)).status).toBe(200);
    const userDeleted = await newestEntry();
    // The deletion erases the person from the log too: this entry's detail is redacted with the rest (keeping its hash).
    expect(userDeleted).toMatchObject({ action: "user.delete", target_id: other.user.id, actor_name: "admin" });
    expect(userDeleted.detail).toEqual({ redacted: true, detail_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // Exactly one entry per action: create, update, toggle, create, make-all (one item changed), edit, log-out, delete, delete user.
    const since = (await entries()).filter((e) => e.id > start);
    expect(since.map((e) => e.action).reverse()).toEqual([
      "evidence.create",
      "evidence.update",
      "evidence.visibility",
      "evidence.create",
      "evidence.visibility",
      "user.update",
      "user.logout-all",
      "evidence.delete",
      "user.delete",
    ]);
    expect(since.every((e) => typeof e.hash === "string" && e.hash.length === 64)).toBe(true);
  });

  test("the admin made at start (ADMIN_*) is recorded as made by the operator, not a user", async () => {
    const [made] = await entries("?action=user.create");
    expect(made).toMatchObject({ id: 1, actor_id: null, actor_name: "command line", target_type: "user" });
    expect(made!.detail).toEqual({ username: { before: null, after: "admin" }, email: { before: null, after: "admin@example.org" }, role: { before: null, after: 2 } });
  });

  test("concurrent toggles of one item: one entry per toggle that happened, each before → after following the last", async () => {
    const item = await postNote(owner.actor, "Contested");
    const statuses = await Promise.all(Array.from({ length: 6 }, () => admin.put(`/api/evidence/clearance/${item.id}`).then((r) => r.status)));
    // A toggle that keeps losing the compare-and-set says so (409) rather than record a change that did not happen.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const done = statuses.filter((status) => status === 200).length;
    const toggles = (await entries(`?target_type=evidence&target_id=${item.id}&action=evidence.visibility`)).reverse();
    expect(toggles.length).toBe(done);
    toggles.forEach((entry, index) => expect(entry.detail).toEqual({ is_public: { before: index % 2 === 1, after: index % 2 === 0 } }));
    const [row] = (await server.ctx.db.$client.execute({ sql: "select is_public from evidence where id = ?", args: [item.id] })).rows;
    expect(Boolean(row![0])).toBe(done % 2 === 1);
  });

  test("entries keep no password, code or password hash", async () => {
    const { rows } = await server.ctx.db.$client.execute("select password_hash from users");
    const text = JSON.stringify(await entries("?limit=200"));
    for (const secret of [owner.fields.password, other.fields.password, "adminpass1", ...rows.map((r) => String(r[0]))]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/password|session|token|code"/i);
  });

  test("entries outlive the user and the item they name, with the person's values erased", async () => {
    const gone = await entries(`?target_type=user&target_id=${other.user.id}`);
    expect(gone.map((e) => e.action)).toEqual(["user.delete", "user.logout-all", "user.update"]);
    expect(gone.every((e) => (e.detail as { redacted?: boolean }).redacted === true)).toBe(true);
    const byDeletedActor = await entries(`?actor=${other.user.id}`);
    expect(byDeletedActor.map((e) => [e.action, e.actor_name])).toEqual([["evidence.create", "erased participant"]]);
  });

  test("a change whose transaction rolls back leaves no entry (the entry is written in that transaction)", async () => {
    // One upload an hour: the second note passes the early check (a small body) and is refused by the quota's CHECK
    // inside the batch, after its audit statement ran.
    const limited = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: "1" });
    try {
      const { owner: poster } = await cast(limited.url);
      const count = async () => Number((await limited.ctx.db.$client.execute("select count(*) from audit_log where action = 'evidence.create'")).rows[0]![0]);
      expect((await poster.actor.post("/api/evidence", form({ title: "first" }))).status).toBe(201);
      expect(await count()).toBe(1);
      expect((await poster.actor.post("/api/evidence", form({ title: "second" }))).status).toBe(429);
      expect(await count()).toBe(1);
    } finally {
      await limited.stop();
    }
  });

  test("no route changes an entry, and later actions leave earlier rows as they were", async () => {
    const before = await storedRows();
    for (const method of ["PUT", "POST", "DELETE", "PATCH"]) {
      expect((await admin.request(method, "/api/audit")).status).toBe(404);
      expect((await admin.request(method, `/api/audit/${before.length}`)).status).toBe(404);
    }
    await postNote(owner.actor, "Later");
    const after = await storedRows();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length).toBe(before.length + 1);
  });
});

describe("GET /api/audit", () => {
  test("participants get 403, visitors 401, before the query is read", async () => {
    expect((await visitor.get("/api/audit?limit=0")).status).toBe(401);
    expect((await owner.actor.get("/api/audit?limit=0")).status).toBe(403);
    expect((await owner.actor.get("/api/audit")).status).toBe(403);
  });

  test("filters by actor, action, target, time; pages newest first with limit and before", async () => {
    const all = await entries("?limit=200");
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const creates = await entries("?action=evidence.create");
    expect(creates.length).toBeGreaterThan(1);
    expect(creates.every((e) => e.action === "evidence.create")).toBe(true);
    expect((await entries(`?actor=${owner.user.id}`)).every((e) => e.actor_id === owner.user.id)).toBe(true);

    const [newest, next] = await entries("?limit=2");
    expect(await entries(`?limit=1&before=${newest!.id}`)).toEqual([next!]);

    const byAdmins = await entries("?by=admins&limit=200");
    expect(byAdmins.length).toBeGreaterThan(0);
    expect(byAdmins.some((e) => e.actor_id === owner.user.id)).toBe(false);
    expect(byAdmins.length).toBeLessThan(all.length);
    // Each entry names its target as it is now: an item's title, a user's username.
    const visibility = (await entries("?action=evidence.visibility&limit=1"))[0] as Entry & { target_name: string | null };
    expect(typeof visibility.target_name).toBe("string");

    const day = newest!.at.slice(0, 10);
    expect((await entries(`?from=${day}&to=${day}&limit=200`)).length).toBe(all.length);
    expect(await entries(`?to=2000-01-01`)).toEqual([]);
    expect(await entries(`?from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`)).toEqual([]);
  });

  const bad: [string, RegExp][] = [
    ["limit=0", /limit/],
    ["limit=201", /limit/],
    ["limit=1.5", /limit/],
    ["before=abc", /before/],
    ["actor=-1", /actor/],
    ["target_id=0", /target_id/],
    ["action=DROP%20TABLE", /action/],
    ["by=everyone", /by/],
    ["from=yesterday", /from/],
    ["to=2026-13-45", /to/],
  ];
  for (const [query, message] of bad) {
    test(`?${query} is a 400 that says why`, async () => {
      const response = await admin.get(`/api/audit?${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    });
  }
});

describe("GET /api/audit/head", () => {
  test("admins read the head (the newest sealed entry and its hash, as the server's log states it); others may not", async () => {
    const head = (await (await admin.get("/api/audit/head")).json()) as { entries: number; hash: string; broken: string | null };
    const newest = await newestEntry();
    expect(head).toEqual({ entries: newest.id, hash: newest.hash!, broken: null });
    expect((await owner.actor.get("/api/audit/head")).status).toBe(403);
    expect((await visitor.get("/api/audit/head")).status).toBe(401);
  });
});

describe("an entry altered behind the application's back", () => {
  test("is still listed, its detail shown as the text it now holds (last: it breaks the chain)", async () => {
    const [newest] = await entries("?limit=1");
    await server.ctx.db.$client.execute({ sql: "update audit_log set detail = 'not json' where id = ?", args: [newest!.id] });
    expect((await entries("?limit=1"))[0]!.detail).toEqual({ unreadable: "not json" });
  });
});
