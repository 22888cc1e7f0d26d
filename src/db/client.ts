import { mkdirSync } from "node:fs";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Config } from "../config";
import * as schema from "./schema";

export type Database = ReturnType<typeof drizzle<typeof schema>>;

export type DatabaseHandle = { db: Database; client: Client };

export async function openDatabase(config: Pick<Config, "databaseUrl" | "databaseAuthToken">): Promise<DatabaseHandle> {
  if (config.databaseUrl.startsWith("file:")) {
    mkdirSync(path.dirname(config.databaseUrl.slice("file:".length)), { recursive: true });
  }
  const client = createClient({ url: config.databaseUrl, authToken: config.databaseAuthToken });
  if (config.databaseUrl.startsWith("file:")) {
    // busy_timeout first, so switching to WAL waits out a concurrent writer (e.g. the CLI) instead of failing;
    // WAL lets readers proceed during an upload's insert.
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA journal_mode = WAL");
  }
  return { db: drizzle(client, { schema }), client };
}
