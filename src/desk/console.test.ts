/**
 * The admin list as the investigator's desk reads it: full-text search (FTS5, kept by triggers), every filter, sort,
 * paging and counts, against a real server seeded through the API (dates moved directly in the database).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, adminActor, fixture, form, newParticipant, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
let admin: Actor;
let zoe: Participant;
let bob: Participant;
const ids: Record<string, number> = {};

type Item = { id: number; title: string; user_id: number; full_name: string; review_status: string; is_public: boolean };

async function post(who: Participant, key: string, fields: Record<string, string>, file?: File) {
  const response = await who.actor.post("/api/evidence", form(fields, file ? { file } : {}));
  expect(response.status).toBe(201);
  ids[key] = ((await response.json()) as Item).id;
}

const list = async (query: string) => {
  const response = await admin.get(`/api/evidence/admin${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Item[];
};
/** The keys of the items a query finds, in the order it gives them. */
const found = async (query: string) => {
  const byId = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
  return (await list(query)).map((item) => byId[item.id]);
};
const sorted = (keys: (string | undefined)[]) => [...keys].sort();
const q = (text: string) => `?q=${encodeURIComponent(text)}`;

beforeAll(async () => {
  server = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: "0" });
  admin = await adminActor(server.url);
  zoe = await newParticipant(server.url, { full_name: "Zoë Quartermaine" });
  bob = await newParticipant(server.url, { full_name: "Bob Ordinary" });
  await post(zoe, "lantern", { title: "Lantern by the river", notes: "A heron stood in the shallows.", location: "Spreeufer" });
  await post(zoe, "cafe", { title: "Café Müller sign" }, await fixture("photo.jpg"));
  await post(zoe, "bridge", { title: "Bridge crossing", location: "Oberbaumbrücke" }, await fixture("clip.mp4"));
  await post(zoe, "market", { title: "voice of the market" }, await fixture("voice.wav"));
  await post(bob, "heron", { title: "Heron again", notes: "second sighting" });
  await post(bob, "walk", { title: "Evening walk", notes: 'quote "inside" and * star NEAR(x) OR' });
  const setDate = (key: string, at: string) =>
    server.ctx.db.$client.execute({ sql: "update evidence set date_posted = ? where id = ?", args: [at, ids[key]!] });
  await setDate("lantern", "2026-01-10T10:00:00.000Z");
  await setDate("cafe", "2026-01-11T23:59:59.000Z");
});
afterAll(() => server.stop());

describe("search", () => {
  test("finds a word in the title or the notes, and the last word as a prefix", async () => {
    expect(sorted(await found(q("heron")))).toEqual(["heron", "lantern"]);
    expect(sorted(await found(q("her")))).toEqual(["heron", "lantern"]);
    expect(await found(q("heron again"))).toEqual(["heron"]);
    expect(await found(q("second"))).toEqual(["heron"]);
    expect(await found(q("spreeufer"))).toEqual(["lantern"]);
  });

  test("finds the participant's full name and username", async () => {
    expect(sorted(await found(q("Quartermaine")))).toEqual(["bridge", "cafe", "lantern", "market"]);
    expect(sorted(await found(q(bob.user.username)))).toEqual(["heron", "walk"]);
  });

  test("Unicode: accents and case fold both ways", async () => {
    expect(await found(q("cafe"))).toEqual(["cafe"]);
    expect(await found(q("MÜLLER"))).toEqual(["cafe"]);
    expect(await found(q("muller"))).toEqual(["cafe"]);
    expect(sorted(await found(q("zoe")))).toEqual(["bridge", "cafe", "lantern", "market"]);
    expect(await found(q("oberbaum"))).toEqual(["bridge"]);
  });

  test("FTS5 syntax in the text is only text: never a 500, never an operator", async () => {
    for (const text of ['"', "*", "NEAR(", "NEAR(heron river, 2)", "OR", "AND", "NOT", "heron OR", "heron OR walk", '"heron', "heron*", "title:heron", "(", ")", "-heron", "^heron", "{title}: heron", "''", "\\", "%", "\u200b", "🦩", "\0一", "heron\0"]) {
      const response = await admin.get(`/api/evidence/admin${q(text)}`);
      expect(response.status).toBe(200);
      expect(Array.isArray(await response.json())).toBe(true);
    }
    // OR is a word that must also match (no item says "heron" and "or" together), not an alternative.
    expect(await found(q("heron OR walk"))).toEqual([]);
    expect(await found(q("star NEAR(x) OR"))).toEqual(["walk"]);
    expect(await found(q('"inside"'))).toEqual(["walk"]);
    // Nothing searchable (only punctuation) is no search at all.
    expect((await list(q('" * ('))).length).toBe(Object.keys(ids).length);
  });

  test("a search longer than 500 characters is refused", async () => {
    expect((await admin.get(`/api/evidence/admin${q("a".repeat(501))}`)).status).toBe(400);
  });
});

describe("filters", () => {
  test("kind, one or several", async () => {
    expect(sorted(await found("?kind=note"))).toEqual(["heron", "lantern", "walk"]);
    expect(sorted(await found("?kind=image,video"))).toEqual(["bridge", "cafe"]);
    expect(await found("?kind=audio")).toEqual(["market"]);
  });

  test("participant", async () => {
    expect(sorted(await found(`?user=${bob.user.id}`))).toEqual(["heron", "walk"]);
    expect(await found("?user=999999")).toEqual([]);
  });

  test("time range: dates include their whole day; date-times their instant; zones respected", async () => {
    expect(await found("?from=2026-01-10&to=2026-01-11")).toEqual(["cafe", "lantern"]);
    expect(await found("?to=2026-01-10T10:00:00Z")).toEqual(["lantern"]);
    expect(await found("?to=2026-01-10T09:59:59.999Z")).toEqual([]);
    expect(await found(`?from=${encodeURIComponent("2026-01-11T00:00:00+01:00")}&to=2026-01-31`)).toEqual(["cafe"]);
    expect(sorted(await found("?from=2026-01-12"))).toEqual(["bridge", "heron", "market", "walk"]);
  });

  test("review state and visibility, after the admin changes them", async () => {
    expect((await admin.put(`/api/evidence/review/${ids.lantern}`, { status: "reviewed" })).status).toBe(200);
    expect((await admin.put(`/api/evidence/review/${ids.cafe}`, { status: "flagged" })).status).toBe(200);
    expect((await admin.put(`/api/evidence/clearance/${ids.bridge}`)).status).toBe(200);
    expect(await found("?status=reviewed")).toEqual(["lantern"]);
    expect(sorted(await found("?status=reviewed,flagged"))).toEqual(["cafe", "lantern"]);
    expect(sorted(await found("?status=new"))).toEqual(["bridge", "heron", "market", "walk"]);
    expect(await found("?visibility=public")).toEqual(["bridge"]);
    expect((await found("?visibility=private")).length).toBe(5);
    expect((await found("?visibility=public,private")).length).toBe(6);
  });

  test("search, kind and state together, and their counts", async () => {
    expect(await found(`${q("quartermaine")}&kind=note,image&status=flagged`)).toEqual(["cafe"]);
    const counts = await (await admin.get(`/api/evidence/admin/counts${q("quartermaine")}`)).json();
    expect(counts).toEqual({ total: 4, new: 2, reviewed: 1, flagged: 1, public: 1, private: 3, withdrawn: 0, redaction: { none: 4, pending: 0, failed: 0, unverified: 0, passed: 0 } });
    const all = await (await admin.get("/api/evidence/admin/counts")).json();
    expect(all).toEqual({ total: 6, new: 4, reviewed: 1, flagged: 1, public: 1, private: 5, withdrawn: 0, redaction: { none: 6, pending: 0, failed: 0, unverified: 0, passed: 0 } });
    const none = await (await admin.get("/api/evidence/admin/counts?kind=audio&status=flagged")).json();
    expect(none).toEqual({ total: 0, new: 0, reviewed: 0, flagged: 0, public: 0, private: 0, withdrawn: 0, redaction: { none: 0, pending: 0, failed: 0, unverified: 0, passed: 0 } });
  });

  test("bad values are a 400 that names the parameter", async () => {
    for (const [query, word] of [
      ["?kind=photo", "kind"], ["?kind=note,", "kind"], ["?status=done", "status"], ["?visibility=hidden", "visibility"],
      ["?user=abc", "user"], ["?user=0", "user"], ["?from=2026-02-30", "from"], ["?from=yesterday", "from"],
      ["?to=2026-01-01T25:00", "to"], ["?sort=random", "sort"], ["?limit=0", "limit"], ["?limit=201", "limit"],
      ["?limit=1.5", "limit"], ["?limit=1e2", "limit"], ["?before=x", "before"], ["?offset=-1", "offset"],
      ["?sort=title&before=5", "before"],
    ] as const) {
      const response = await admin.get(`/api/evidence/admin${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(word);
      if (!query.includes("limit") && !query.includes("before") && !query.includes("offset") && !query.includes("sort")) {
        expect((await admin.get(`/api/evidence/admin/counts${query}`)).status).toBe(400);
      }
    }
  });
});

describe("sort and paging", () => {
  test("newest (default), oldest, title and participant", async () => {
    const all = Object.values(ids);
    expect((await list("")).map((i) => i.id)).toEqual([...all].sort((a, b) => b - a));
    expect((await list("?sort=oldest")).map((i) => i.id)).toEqual([...all].sort((a, b) => a - b));
    expect((await list("?sort=title")).map((i) => i.title)).toEqual([
      "Bridge crossing", "Café Müller sign", "Evening walk", "Heron again", "Lantern by the river", "voice of the market",
    ]);
    expect((await list("?sort=participant")).map((i) => i.full_name)).toEqual([
      "Bob Ordinary", "Bob Ordinary", "Zoë Quartermaine", "Zoë Quartermaine", "Zoë Quartermaine", "Zoë Quartermaine",
    ]);
  });

  test("limit and before page the newest-first list; offset pages any sort", async () => {
    const first = await list("?limit=4");
    expect(first.length).toBe(4);
    const next = await list(`?limit=4&before=${first.at(-1)!.id}`);
    expect(next.map((i) => i.id)).toEqual(Object.values(ids).sort((a, b) => b - a).slice(4));
    const titles = (await list("?sort=title")).map((i) => i.title);
    expect((await list("?sort=title&limit=2&offset=2")).map((i) => i.title)).toEqual(titles.slice(2, 4));
    expect((await list("?sort=title&offset=5")).map((i) => i.title)).toEqual(titles.slice(5));
  });
});

describe("the search index follows every change", () => {
  test("an edit, a participant's new name and a deletion", async () => {
    expect((await bob.actor.put(`/api/evidence/update/${ids.walk}`, { title: "Morning stroll", notes: "" })).status).toBe(200);
    expect(await found(q("evening"))).toEqual([]);
    expect(await found(q("stroll"))).toEqual(["walk"]);

    const profile = { full_name: "Robert Newname", email: bob.fields.email, phone_number: bob.fields.phone_number, pronouns: "" };
    expect((await bob.actor.put("/api/evidence/user", form(profile))).status).toBe(200);
    expect(sorted(await found(q("newname")))).toEqual(["heron", "walk"]);
    expect(await found(q("ordinary"))).toEqual([]);

    expect((await bob.actor.delete(`/api/evidence/delete/${ids.heron}`)).status).toBe(200);
    expect(await found(q("heron"))).toEqual(["lantern"]);
    const indexed = async () => Number((await server.ctx.db.$client.execute("select count(*) from evidence_fts")).rows[0]![0]);
    expect(await indexed()).toBe(5);

    expect((await admin.delete(`/api/user/${zoe.user.id}`)).status).toBe(200);
    expect(await found(q("quartermaine"))).toEqual([]);
    expect(await indexed()).toBe(1);
  });
});

describe("admins only, the session before any input", () => {
  test("401 without a session and 403 for a participant, whatever the query", async () => {
    const visitor = new Actor(server.url);
    for (const path of ["/api/evidence/admin", "/api/evidence/admin?kind=bad&limit=0", "/api/evidence/admin/counts?q=x", "/api/evidence/admin/counts?status=bad"]) {
      expect((await visitor.get(path)).status).toBe(401);
      expect((await bob.actor.get(path)).status).toBe(403);
    }
  });
});
