/** A database file as an older release left it: the migrations before the first whose SQL contains `marker`. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { openDatabase } from "../../src/db/client";

export async function databaseBefore(marker: string) {
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-old-db-"));
  const { db, client } = await openDatabase({ databaseUrl: `file:${path.join(dir, "old.db")}`, databaseAuthToken: undefined });
  const migrations = readMigrationFiles({ migrationsFolder: path.join(import.meta.dir, "../../migrations") });
  const applied = migrations.slice(0, migrations.findIndex((m) => m.sql.join().includes(marker)));
  await db.run(sql`CREATE TABLE "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
  for (const m of applied) {
    for (const statement of m.sql.filter((s) => s.trim())) await db.run(sql.raw(statement));
    await db.run(sql`INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (${m.hash}, ${m.folderMillis})`);
  }
  return {
    db,
    client,
    /** The folder the file is in (for an audit key beside it). */
    dir,
    /** How many migrations the file has seen. */
    applied: applied.length,
    async close() {
      client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
