/**
 * Snapshots and copies of the libSQL database for backup and restore.
 * A file database is snapshotted with VACUUM INTO (one consistent, compact file, while the server keeps writing);
 * a libSQL server (sqld/Turso) cannot write a file for us, so its rows are copied inside one read transaction.
 */
import type { Client, InValue, Transaction } from "@libsql/client";
import { createClient } from "@libsql/client/sqlite3";

const ROWS_PER_BATCH = 500;
/** Leaves out SQLite's own tables (sqlite_sequence, …) and those a libSQL server keeps for itself. */
const OURS = "name NOT LIKE 'sqlite_%' AND name NOT LIKE 'libsql_%'";

export const isFileDatabase = (url: string) => url.startsWith("file:");

/** Writes a consistent copy of the database behind client into a new SQLite file at snapshotPath. */
export async function snapshotDatabase(client: Client, databaseUrl: string, snapshotPath: string): Promise<void> {
  if (isFileDatabase(databaseUrl)) {
    await client.execute({ sql: "VACUUM INTO ?", args: [snapshotPath] });
    return;
  }
  const target = createClient({ url: `file:${snapshotPath}` });
  const source = await client.transaction("read");
  try {
    await copyRows(source, target);
  } finally {
    source.close();
    target.close();
  }
}

/**
 * Names of the tables that hold our data: SQLite's and libSQL's own bookkeeping tables excluded, and so are the shadow
 * tables in which a virtual table (the FTS5 search index) keeps its data: it fills them itself as its rows go in.
 */
export async function userTables(client: Client | Transaction): Promise<string[]> {
  return (await tablesOf(client)).map((table) => table.name);
}

async function tablesOf(client: Client | Transaction): Promise<{ name: string; virtual: boolean }[]> {
  const result = await client.execute(
    `SELECT name, type FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND ${OURS} ORDER BY name`,
  );
  return result.rows.map((row) => ({ name: String(row.name), virtual: row.type === "virtual" }));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies schema and rows of every table of source into target, which must have none of them yet. Tables first, then
 * their rows, then indexes and triggers: a trigger created before the rows (the search index's) would act on them twice.
 */
export async function copyRows(source: Client | Transaction, target: Client): Promise<void> {
  const shadow = `name NOT IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')`;
  const schema = await source.execute(`SELECT type, sql FROM sqlite_master WHERE sql IS NOT NULL AND ${OURS} AND ${shadow} ORDER BY rowid`);
  const writer = await target.transaction("write");
  try {
    // Rows arrive table by table, so references are only checked once everything is in.
    await writer.execute("PRAGMA defer_foreign_keys = ON");
    for (const row of schema.rows) if (row.type === "table") await writer.execute(String(row.sql));
    for (const table of await tablesOf(source)) {
      let lastRowid: InValue = Number.MIN_SAFE_INTEGER;
      while (true) {
        const page = await source.execute({
          sql: `SELECT rowid AS __rowid, * FROM ${quote(table.name)} WHERE rowid > ? ORDER BY rowid LIMIT ${ROWS_PER_BATCH}`,
          args: [lastRowid],
        });
        if (page.rows.length === 0) break;
        // A virtual table has no id column: its rowid (the search index's: the item's id) is copied as such.
        const columns = page.columns.slice(table.virtual ? 0 : 1);
        const names = columns.map((c) => (c === "__rowid" ? "rowid" : quote(c)));
        const insert = `INSERT INTO ${quote(table.name)} (${names.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
        const offset = table.virtual ? 0 : 1;
        await writer.batch(page.rows.map((row) => ({ sql: insert, args: columns.map((_, i) => row[i + offset] as InValue) })));
        lastRowid = page.rows[page.rows.length - 1]![0] as InValue;
      }
    }
    for (const row of schema.rows) if (row.type !== "table") await writer.execute(String(row.sql));
    await writer.commit();
  } finally {
    writer.close();
  }
}
