import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createClient } from "@libsql/client";
import fc from "fast-check";
import { Actor, adminActor, form, newParticipant } from "../../tests/support/client";
import { FUZZ_RUNS, FUZZ_SEED } from "../../tests/support/mutations";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { ftsMatch } from "./console-query";

/** Characters FTS5's query syntax gives a meaning to, mixed with words, so that random text often looks like syntax. */
const SYNTAX = ['"', "*", "(", ")", ":", "^", "+", "-", "{", "}", ",", "NEAR", "NEAR(", "OR", "AND", "NOT", "\\", "'", " ", "\t", "\u00a0", "é", "ß", "🦩", "\0"];

describe("any search text is only words to FTS5", () => {
  test("MATCH never fails on what ftsMatch builds, and finds the item whose words were searched", async () => {
    const db = createClient({ url: ":memory:" });
    await db.execute("create virtual table f using fts5(a, tokenize = 'unicode61 remove_diacritics 2')");
    await db.execute("insert into f(rowid, a) values (1, 'near or and not heron café')");
    const text = fc.array(fc.oneof(fc.constantFrom(...SYNTAX), fc.string({ maxLength: 6 }), fc.string({ unit: "grapheme", maxLength: 4 })), { maxLength: 12 }).map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(text, async (input) => {
        const match = ftsMatch(input);
        if (match === undefined) return;
        await db.execute({ sql: "select rowid from f where f match ?", args: [match] });
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS * 3 },
    );
    const found = async (input: string) => (await db.execute({ sql: "select rowid from f where f match ?", args: [ftsMatch(input)!] })).rows.length;
    expect(await found("NEAR OR")).toBe(1);
    expect(await found('heron" OR "x')).toBe(0);
    expect(await found("CAFE her")).toBe(1);
    db.close();
  });
});

describe("any query string of the admin list is a list or a 400", () => {
  let server: TestServer;
  let admin: Actor;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await adminActor(server.url);
    const participant = await newParticipant(server.url, { full_name: "Ärger Near Or" });
    await participant.actor.post("/api/evidence", form({ title: "NEAR the OR gate", notes: "* star ^ caret" }));
  });
  afterAll(() => server.stop());

  test("never a 5xx, and a 400 always says which value is wrong", async () => {
    const keys = fc.constantFrom("q", "kind", "status", "visibility", "user", "from", "to", "sort", "limit", "before", "offset", "%zz");
    const values = fc.oneof(
      fc.constantFrom("note", "image,video", "new,flagged", "public", "1", "0", "-1", "1e2", "201", "2026-01-01", "2026-02-30", "2026-01-01T10:00:00+01:00", "title", "oldest", "", ",", "%zz", "%00", "%22", "NEAR(", "OR"),
      fc.string({ unit: "grapheme", maxLength: 12 }).map(encodeURIComponent),
    );
    const query = fc.array(fc.tuple(keys, values), { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/api/evidence/admin", "/api/evidence/admin/counts"), query, async (path, search) => {
        const response = await admin.get(`${path}?${search}`);
        expect([search, response.status]).toEqual([search, response.status === 400 ? 400 : 200]);
        if (response.status === 400) expect((await response.json()).message).toMatch(/^(q|kind|status|visibility|user|from|to|sort|limit|before|offset|Use before)/);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS },
    );
  });
});
