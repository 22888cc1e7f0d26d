import { mkdirSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import type { Client } from "@libsql/client";
// The embedded flavour of drizzle's libSQL driver: the same database object for any client, without the import of
// the server client that drizzle-orm/libsql makes.
import { drizzle } from "drizzle-orm/libsql/sqlite3";
import type { Config } from "../config";
import { openFileClient } from "./file-client";

// No schema given: the app writes its queries with the query builder, never drizzle's relational `db.query`, whose
// tables' relations drizzle would otherwise work out at every start (~1 ms; BENCHMARKS.md).
export type Database = ReturnType<typeof drizzle>;

export type DatabaseHandle = { db: Database; client: Client };

/**
 * A file database needs only libSQL's embedded engine, behind our own client (file-client.ts); the client for libSQL
 * servers brings node:http, WebSockets and their dependencies, which cost every start of a file-database server ~5 ms
 * to evaluate (bench/startup.ts), so it is loaded only for a server URL.
 */
async function openClient(config: Pick<Config, "databaseUrl" | "databaseAuthToken">, file: string | undefined): Promise<Client> {
  if (file) return openFileClient(file);
  const { createClient } = await import("@libsql/client");
  return createClient({ url: config.databaseUrl, authToken: config.databaseAuthToken });
}

/** How long a batch the database answered "busy" is tried again: as long as a file's busy_timeout waits. */
const BUSY_RETRY_MS = 5000;

const isBusy = (error: unknown) => /SQLITE_BUSY|database is locked/.test(String((error as Error)?.message ?? error));

/**
 * drizzle's batches begin deferred: one that reads before it writes takes the write lock only at its first write, and
 * that upgrade fails at once (SQLITE_BUSY, no waiting) when another connection committed meanwhile — on a libSQL server
 * shared by instances, Make All Public answered 500 beside withdrawals on the other instance. Every batch the app sends
 * writes, so each begins as a write transaction; and one that a libSQL server still answers "busy" (its BEGIN refused
 * under a burst from both instances: a withdrawal answered 500) wrote nothing, so it waits a moment and goes again.
 */
function batchesBeginAsWrites(client: Client): Client {
  const batch = client.batch.bind(client);
  client.batch = async (statements, mode = "write") => {
    const until = Date.now() + BUSY_RETRY_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await batch(statements, mode);
      } catch (error) {
        if (!isBusy(error) || Date.now() > until) throw error;
        await Bun.sleep(Math.min(100, 5 * attempt) * (0.5 + Math.random()));
      }
    }
  };
  return client;
}

/** The file behind each file database's client, for flushToDisk. */
const databaseFiles = new WeakMap<Client, string>();

export async function openDatabase(config: Pick<Config, "databaseUrl" | "databaseAuthToken">): Promise<DatabaseHandle> {
  const file = config.databaseUrl.startsWith("file:") ? config.databaseUrl.slice("file:".length).split("?")[0]! : undefined;
  if (file) mkdirSync(path.dirname(file), { recursive: true });
  const client = batchesBeginAsWrites(await openClient(config, file));
  if (file) {
    // busy_timeout first, so switching to WAL waits out a concurrent writer (e.g. the CLI) instead of failing;
    // WAL lets readers proceed during an upload's insert.
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA journal_mode = WAL");
    // The embedded client commits on the JS thread, so under FULL every commit (an upload's lease, its offset) waited
    // for an fsync of the WAL while the uploads' bytes filled the same disk: the p99 of every other request (issue 22,
    // BENCHMARKS.md). Under NORMAL a commit survives a crash of the process, and a power cut loses only commits since
    // the last checkpoint or flushToDisk; the changes that must survive one (every audited change) call flushToDisk.
    await client.execute("PRAGMA synchronous = NORMAL");
    databaseFiles.set(client, path.resolve(file));
  }
  return { db: drizzle(client), client };
}

/**
 * Resolves once every commit made so far is on disk. The fsync runs on a thread of the runtime's pool, so other
 * requests go on meanwhile. A checkpoint syncs what it copies into the database file before it lets the WAL restart,
 * so syncing the WAL covers every commit not yet in the database file. A libSQL server keeps its own durability.
 */
export async function flushToDisk(client: Client): Promise<void> {
  const file = databaseFiles.get(client);
  if (!file) return;
  let wal;
  try {
    wal = await open(`${file}-wal`, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // no commit yet, or all of them checkpointed at close
    throw error;
  }
  try {
    await wal.datasync();
  } finally {
    await wal.close();
  }
}
