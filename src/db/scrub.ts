/**
 * After an erasure: no byte of what was deleted may stay in the database file. SQLite leaves deleted rows in free
 * pages and the WAL, and FTS5 keeps deleted terms in its index segments until they are merged. So the search index
 * is merged ('optimize'), the file rebuilt (VACUUM) and the WAL emptied (checkpoint TRUNCATE). A libSQL server
 * (sqld) is asked for the same; one that refuses is logged (its operator then vacuums it, docs/privacy.md).
 */
import type { Database } from "./client";

export async function scrubDeletedData(db: Database): Promise<void> {
  const client = db.$client;
  await client.execute("insert into evidence_fts(evidence_fts) values('optimize')");
  try {
    await client.execute("VACUUM");
    await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (error) {
    console.warn("erasure: the database could not be vacuumed; deleted values may stay in its free pages until it is:", error);
  }
}
