import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Client } from "@libsql/client";
import { createClient as createFileClient } from "@libsql/client/sqlite3";
// The embedded flavour of drizzle's libSQL driver: the same database object for any client, without the import of
// the server client that drizzle-orm/libsql makes.
import { drizzle } from "drizzle-orm/libsql/sqlite3";
import type { Config } from "../config";
import * as schema from "./schema";

export type Database = ReturnType<typeof drizzle<typeof schema>>;

export type DatabaseHandle = { db: Database; client: Client };

/**
 * A file database needs only libSQL's embedded client; the one for libSQL servers brings node:http, WebSockets and
 * their dependencies, which cost every start of a file-database server ~5 ms to evaluate (bench/startup.ts), so it is
 * loaded only for a server URL.
 */
async function openClient(config: Pick<Config, "databaseUrl" | "databaseAuthToken">): Promise<Client> {
  if (config.databaseUrl.startsWith("file:")) return createFileClient({ url: config.databaseUrl });
  const { createClient } = await import("@libsql/client");
  return createClient({ url: config.databaseUrl, authToken: config.databaseAuthToken });
}

export async function openDatabase(config: Pick<Config, "databaseUrl" | "databaseAuthToken">): Promise<DatabaseHandle> {
  if (config.databaseUrl.startsWith("file:")) {
    mkdirSync(path.dirname(config.databaseUrl.slice("file:".length)), { recursive: true });
  }
  const client = await openClient(config);
  if (config.databaseUrl.startsWith("file:")) {
    // busy_timeout first, so switching to WAL waits out a concurrent writer (e.g. the CLI) instead of failing;
    // WAL lets readers proceed during an upload's insert.
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA journal_mode = WAL");
  }
  return { db: drizzle(client, { schema }), client };
}
