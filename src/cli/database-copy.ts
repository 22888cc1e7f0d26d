/**
 * Snapshots and copies of the libSQL database for backup and restore.
 * A file database is snapshotted with VACUUM INTO (one consistent, compact file, while the server keeps writing);
 * a libSQL server (sqld/Turso) cannot write a file for us, so its rows are copied inside one read transaction.
 */
import type { Client, InValue, Transaction } from "@libsql/client";
import { createClient } from "@libsql/client";

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

/** Names of the tables that hold our data (SQLite's and libSQL's own bookkeeping tables excluded). */
export async function userTables(client: Client | Transaction): Promise<string[]> {
  const result = await client.execute(`SELECT name FROM sqlite_master WHERE type = 'table' AND ${OURS} ORDER BY name`);
  return result.rows.map((row) => String(row.name));
}

/** Copies schema and rows of every table of source into target, which must have none of them yet. */
export async function copyRows(source: Client | Transaction, target: Client): Promise<void> {
  const schema = await source.execute(`SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND ${OURS} ORDER BY type = 'table' DESC, rowid`);
  const writer = await target.transaction("write");
  try {
    // Rows arrive table by table, so references are only checked once everything is in.
    await writer.execute("PRAGMA defer_foreign_keys = ON");
    for (const row of schema.rows) await writer.execute(String(row.sql));
    for (const table of await userTables(source)) {
      const quoted = `"${table.replaceAll('"', '""')}"`;
      let lastRowid: InValue = Number.MIN_SAFE_INTEGER;
      while (true) {
        const page = await source.execute({
          sql: `SELECT rowid AS __rowid, * FROM ${quoted} WHERE rowid > ? ORDER BY rowid LIMIT ${ROWS_PER_BATCH}`,
          args: [lastRowid],
        });
        if (page.rows.length === 0) break;
        const columns = page.columns.slice(1);
        const insert = `INSERT INTO ${quoted} (${columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
        await writer.batch(page.rows.map((row) => ({ sql: insert, args: columns.map((_, i) => row[i + 1] as InValue) })));
        lastRowid = page.rows[page.rows.length - 1]![0] as InValue;
      }
    }
    await writer.commit();
  } finally {
    writer.close();
  }
}
