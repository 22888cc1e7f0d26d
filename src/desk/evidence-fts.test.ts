/** Migration 0003 fills the search index from the items already there, then its triggers keep it. */
import { expect, test } from "bun:test";
import { databaseBefore } from "../../tests/support/old-database";
import { migrate } from "../db/migrate";

test("an existing database gains an index of its items and their participants' names", async () => {
  // The database as 0002 left it, with a participant and two items.
  const { db, client, applied, close } = await databaseBefore("evidence_fts");
  try {
    expect(applied).toBe(3);
    await client.execute(
      "insert into users (id, username, username_key, full_name, email, email_key, phone_number, password_hash, created_at) " +
        "values (7, 'marta', 'marta', 'Marta Świątek', 'm@example.org', 'm@example.org', '1', 'x', '2026-01-01')",
    );
    await client.execute(
      "insert into evidence (user_id, title, notes, location, media_type, date_posted) values " +
        "(7, 'Old lantern', 'by the weir', null, 1, '2026-01-02'), (7, 'Old boat', '', 'Harbour', 1, '2026-01-03')",
    );

    await migrate(db);
    const match = async (q: string) =>
      (await client.execute({ sql: "select rowid from evidence_fts where evidence_fts match ? order by rowid", args: [q] })).rows.map((r) => Number(r[0]));
    expect(await match('"swiatek"')).toEqual([1, 2]);
    expect(await match('"weir"')).toEqual([1]);
    expect(await match('"harbour"')).toEqual([2]);
    expect(await match('"marta"')).toEqual([1, 2]);
  } finally {
    await close();
  }
});
