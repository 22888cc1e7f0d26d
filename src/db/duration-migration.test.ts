/** Migration 0006 on a database 0005 left: items gain duration_ms, filled from their file's header where it had one. */
import { expect, test } from "bun:test";
import { databaseBefore } from "../../tests/support/old-database";
import { migrate } from "./migrate";

test("an existing database's video and audio items take their file's duration; notes, photos and unknown ones stay null", async () => {
  const { db, client, applied, close } = await databaseBefore("ALTER TABLE `evidence` ADD `duration_ms`");
  try {
    expect(applied).toBe(6);
    await client.execute(
      "insert into users (id, username, username_key, full_name, email, email_key, phone_number, password_hash, created_at) " +
        "values (7, 'marta', 'marta', 'Marta', 'm@example.org', 'm@example.org', '1', 'x', '2026-01-01')",
    );
    await client.execute(
      "insert into media_files (id, owner_id, purpose, store_key, mime, size, sha256, duration_ms, created_at) values " +
        "('v', 7, 'evidence', 'evidence/v', 'video/mp4', 10, 'a', 61000, '2026-01-01'), " +
        "('r', 7, 'evidence', 'evidence/r', 'audio/webm', 10, 'b', null, '2026-01-01'), " +
        "('p', 7, 'evidence', 'evidence/p', 'image/jpeg', 10, 'c', null, '2026-01-01')",
    );
    await client.execute(
      "insert into evidence (id, user_id, title, media_type, media_id, date_posted) values " +
        "(1, 7, 'Clip', 3, 'v', '2026-01-02'), (2, 7, 'Recording', 4, 'r', '2026-01-02'), (3, 7, 'Photo', 2, 'p', '2026-01-02'), (4, 7, 'Note', 1, null, '2026-01-02')",
    );

    await migrate(db);
    const { rows } = await client.execute("select id, duration_ms from evidence order by id");
    expect(rows.map((r) => [Number(r[0]), r[1]])).toEqual([[1, 61000], [2, null], [3, null], [4, null]]);
    await client.execute("update evidence set duration_ms = 2500 where id = 2"); // the column takes a value now
  } finally {
    await close();
  }
});
