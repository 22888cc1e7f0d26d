import { describe, expect, test } from "bun:test";
import { createClient } from "@libsql/client";
import fc from "fast-check";
import { FUZZ_RUNS, FUZZ_SEED } from "../../tests/support/mutations";
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
