/** Migration 0003 fills the search index from the items already there, then its triggers keep it. */
import { expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";

test("an existing database gains an index of its items and their participants' names", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-fts-"));
  const { db, client } = await openDatabase({ databaseUrl: `file:${path.join(dir, "old.db")}`, databaseAuthToken: undefined });
  try {
    // The database as 0002 left it, with a participant and two items.
    const migrations = readMigrationFiles({ migrationsFolder: path.join(import.meta.dir, "../../migrations") });
    const before = migrations.slice(0, migrations.findIndex((m) => m.sql.join().includes("evidence_fts")));
    expect(before.length).toBe(3);
    await db.run(sql`CREATE TABLE "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
    for (const m of before) {
      for (const statement of m.sql.filter((s) => s.trim())) await db.run(sql.raw(statement));
      await db.run(sql`INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (${m.hash}, ${m.folderMillis})`);
    }
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
    client.close();
    await rm(dir, { recursive: true, force: true });
  }
});
