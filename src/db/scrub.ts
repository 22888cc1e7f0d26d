/**
 * After an erasure: no byte of what was deleted may stay in the database file. SQLite leaves deleted rows in free
 * pages and the WAL, and FTS5 keeps deleted terms in its index segments until they are merged. So the search index
 * is merged ('optimize'), the file rebuilt (VACUUM) and the WAL emptied (checkpoint TRUNCATE). A libSQL server
 * (sqld) takes no VACUUM over its API: its operator vacuums its file (docs/privacy.md), which the log says once.
 */
import type { Database } from "./client";

let remoteNoted = false;

export async function scrubDeletedData(db: Database): Promise<void> {
  const client = db.$client;
  await client.execute("insert into evidence_fts(evidence_fts) values('optimize')");
  if (client.protocol !== "file") {
    if (!remoteNoted) console.warn("erasure: deleted values stay in the libSQL server's free pages until its file is vacuumed (docs/privacy.md)");
    remoteNoted = true;
    return;
  }
  try {
    await client.execute("VACUUM");
    await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch (error) {
    // The deletion itself is done; a busy file is vacuumed by the next erasure or purge.
    console.warn("erasure: the database file could not be vacuumed now (deleted values stay in its free pages until it is):", error);
  }
}
