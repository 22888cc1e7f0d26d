import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, adminActor, fixture, form, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

describe("every route × every actor", () => {
  let server: TestServer;
  let actors: Record<"visitor" | "user" | "other" | "admin", Actor>;
  let ids: { user: number; other: number; item: number };

  beforeAll(async () => {
    server = await startTestServer();
    const user = await newParticipant(server.url);
    const other = await newParticipant(server.url);
    actors = { visitor: new Actor(server.url), user: user.actor, other: other.actor, admin: await adminActor(server.url) };
    const item = await (await user.actor.post("/api/evidence", form({ title: "matrix" }, { file: await fixture("photo.jpg") }))).json();
    ids = { user: user.user.id, other: other.user.id, item: item.id };
  });
  afterAll(() => server.stop());

  type Row = [method: string, path: () => string, body: () => unknown, expected: { visitor: number; user: number; other: number; admin: number }];
  const editForm = () => form({ title: "t", notes: "n" });
  const rows: Row[] = [
    ["GET", () => "/api/user", () => undefined, { visitor: 401, user: 200, other: 200, admin: 200 }],
    ["GET", () => "/api/evidence", () => undefined, { visitor: 401, user: 200, other: 200, admin: 200 }],
    ["GET", () => "/api/evidence/public", () => undefined, { visitor: 200, user: 200, other: 200, admin: 200 }],
    ["GET", () => "/api/evidence/isArchive", () => undefined, { visitor: 200, user: 200, other: 200, admin: 200 }],
    ["GET", () => "/api/evidence/admin", () => undefined, { visitor: 401, user: 403, other: 403, admin: 200 }],
    ["GET", () => "/api/user/users", () => undefined, { visitor: 401, user: 403, other: 403, admin: 200 }],
    ["GET", () => `/api/user/${ids.user}/evidence`, () => undefined, { visitor: 401, user: 403, other: 403, admin: 200 }],
    ["GET", () => "/api/audit", () => undefined, { visitor: 401, user: 403, other: 403, admin: 200 }],
    ["PUT", () => `/api/evidence/update/${ids.item}`, editForm, { visitor: 401, user: 200, other: 404, admin: 200 }],
    ["PUT", () => `/api/evidence/clearance/${ids.item}`, () => undefined, { visitor: 401, user: 403, other: 403, admin: 200 }],
    ["PUT", () => "/api/evidence/makeAllPublic", () => undefined, { visitor: 401, user: 403, other: 403, admin: 200 }],
    ["PUT", () => "/api/evidence/makeAllSecret", () => undefined, { visitor: 401, user: 403, other: 403, admin: 200 }],
    ["PUT", () => `/api/user/watched/${ids.user}`, () => undefined, { visitor: 401, user: 200, other: 403, admin: 200 }],
    ["PUT", () => `/api/user/admin/${ids.other}`, () => ({ username: "renamed_other", email: "renamed@example.org", phone_number: "5551112222", full_name: "R" }), { visitor: 401, user: 403, other: 403, admin: 200 }],
    ["POST", () => "/api/evidence", () => form({ title: "note" }), { visitor: 401, user: 201, other: 201, admin: 201 }],
    ["PUT", () => "/api/evidence/user", () => form({ full_name: "Name", email: `e${Math.random()}@example.org`, phone_number: "5551112222" }), { visitor: 401, user: 200, other: 200, admin: 200 }],
    ["POST", () => "/api/user/check", () => ({ username: "x", email: "y@example.org" }), { visitor: 200, user: 200, other: 200, admin: 200 }],
  ];

  for (const [method, path, body, expected] of rows) {
    for (const who of ["visitor", "user", "other", "admin"] as const) {
      test(`${method} ${path.toString().match(/"(.*)"|`(.*)`/)?.slice(1).find(Boolean)} as ${who} → ${expected[who]}`, async () => {
        const response = await actors[who].request(method, path(), body());
        expect(response.status).toBe(expected[who]);
        expect(response.headers.get("content-type")).toContain("application/json");
        // Issue 17: a shared phone's back-forward cache or a proxy kept private JSON; no answer of the API is stored.
        expect(response.headers.get("cache-control")).toBe("no-store");
      });
    }
  }

  test("media keep their own caching rules; the API's JSON, refusals included, is never stored", async () => {
    const item = await (await actors.user.post("/api/evidence", form({ title: "public one" }, { file: await fixture("photo.jpg") }))).json();
    expect((await actors.admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);
    const listed = (await (await actors.visitor.get("/api/evidence/public")).json()) as { id: number; aws_url: string }[];
    const media = await actors.visitor.get(new URL(listed.find((e) => e.id === item.id)!.aws_url, server.url).pathname);
    expect(media.status).toBe(200);
    expect(media.headers.get("cache-control")).toBe("public, max-age=300");
    expect((await actors.user.get("/api/no-such-route")).headers.get("cache-control")).toBe("no-store");
  });

  test("deletes: other user 404, visitor 401, owner 200; user deletion admin-only", async () => {
    expect((await actors.visitor.delete(`/api/evidence/delete/${ids.item}`)).status).toBe(401);
    expect((await actors.other.delete(`/api/evidence/delete/${ids.item}`)).status).toBe(404);
    expect((await actors.user.delete(`/api/evidence/delete/${ids.item}`)).status).toBe(200);
    expect((await actors.visitor.delete(`/api/user/${ids.other}`)).status).toBe(401);
    expect((await actors.user.delete(`/api/user/${ids.other}`)).status).toBe(403);
    expect((await actors.admin.delete(`/api/user/${ids.other}`)).status).toBe(200);
  });

  test("logout works for anyone and always clears the cookie", async () => {
    const response = await new Actor(server.url).post("/api/user/logout");
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0");
  });
});

describe("HTTP hardening", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  test("pages carry a strict CSP and the other security headers", async () => {
    const response = await fetch(`${server.url}/home`);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
  });

  test("state-changing requests from another origin are refused with 403", async () => {
    const response = await fetch(`${server.url}/api/user/login`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ usernameOrEmail: "admin", password: "adminpass1" }),
    });
    expect(response.status).toBe(403);
    const sameOrigin = await fetch(`${server.url}/api/user/login`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ usernameOrEmail: "admin", password: "adminpass1" }),
    });
    expect(sameOrigin.status).toBe(200);
  });

  test("unknown API paths are 404 JSON, never the app's HTML; other paths get the app", async () => {
    const api = await fetch(`${server.url}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ message: "Not found." });
    const page = await fetch(`${server.url}/some/client/route`);
    expect(page.headers.get("content-type")).toContain("text/html");
  });

  test("/healthz answers 200 when the database and media store answer", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  test("malformed JSON is a 400 with a message", async () => {
    const response = await fetch(`${server.url}/api/user/login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBeString();
  });
});

describe("archive mode", () => {
  let server: TestServer;
  let participant: Awaited<ReturnType<typeof newParticipant>>;
  beforeAll(async () => {
    // A show that ran with ARCHIVE_MODE off, then reopened as an archive on the same data.
    const open = await startTestServer();
    participant = await newParticipant(open.url);
    await participant.actor.post("/api/evidence", form({ title: "From the show" }));
    server = open;
    server.ctx.config.archiveMode = true;
  });
  afterAll(() => server.stop());

  test("isArchive is true; registration, uploads, edits, the briefing and profile changes answer 503; participants still log in", async () => {
    const visitor = new Actor(server.url);
    expect(await (await visitor.get("/api/evidence/isArchive")).json()).toBe(true);
    const register = await visitor.post("/api/user/register", form({ username: "late_comer" }));
    expect(register.status).toBe(503);
    expect((await register.json()).message).toBe("The investigation has closed. The archive remains open to view.");
    // To use their rights (src/rights/archive-rights.test.ts): their data, withdrawals, deleting the account.
    expect((await new Actor(server.url).login(participant.fields.username, participant.fields.password)).status).toBe(200);
    expect((await participant.actor.put(`/api/user/watched/${participant.user.id}`)).status).toBe(503);
    expect((await participant.actor.post("/api/evidence", form({ title: "late" }))).status).toBe(503);
    expect((await participant.actor.put("/api/evidence/user", form({ email: "x@example.org" }))).status).toBe(503);
    const [item] = await (await participant.actor.get("/api/evidence")).json();
    expect((await participant.actor.put(`/api/evidence/update/${item.id}`, form({ title: "changed" }))).status).toBe(503);
    expect((await participant.actor.delete(`/api/evidence/delete/${item.id}`)).status).toBe(503);
  });

  test("admins still log in and change visibility; the archive stays readable", async () => {
    const admin = await adminActor(server.url);
    expect((await admin.put("/api/evidence/makeAllPublic")).status).toBe(200);
    const list = await (await new Actor(server.url).get("/api/evidence/public")).json();
    expect(list.length).toBe(1);
    expect((await fetch(`${server.url}/archive`)).status).toBe(200);
  });
});

describe("request bodies outside the upload routes", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  test("a body over 1 MiB to a JSON route is refused with 413 before it is read", async () => {
    const response = await fetch(`${server.url}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ usernameOrEmail: "admin", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  test("a multipart body to a route that takes none is held to the same limit", async () => {
    const data = new FormData();
    data.append("blob", new File([new Uint8Array(2 * 1024 * 1024)], "x.bin"));
    expect((await fetch(`${server.url}/api/user/check`, { method: "POST", body: data })).status).toBe(413);
  });
});
