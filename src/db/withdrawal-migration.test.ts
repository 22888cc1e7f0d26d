/**
 * Migration 0014 on a database 0013 left: who recorded each withdrawal comes from its audit entry, and an item an
 * earlier release republished after its withdrawal is private again, with an entry saying so (the chain then seals it).
 */
import { expect, test } from "bun:test";
import path from "node:path";
import { openAuditChain } from "../audit/audit-chain";
import { loadAuditKey, readAnchor } from "../audit/audit-key";
import { verifyAuditLog } from "../audit/audit-verify";
import { databaseBefore } from "../../tests/support/old-database";
import { migrate } from "./migrate";

test("a withdrawal undone by an older release's publish is put back and recorded; who withdrew is filled in", async () => {
  const { db, client, applied, dir, close } = await databaseBefore("ADD `withdrawn_by`");
  try {
    expect(applied).toBe(14);
    await client.execute(
      "insert into users (id, username, username_key, full_name, email, email_key, phone_number, password_hash, created_at, role) values " +
        "(7, 'mira', 'mira', 'Mira', 'm@example.org', 'm@example.org', '1', 'x', '2026-01-01', 1), " +
        "(8, 'chief', 'chief', 'Chief', 'c@example.org', 'c@example.org', '1', 'x', '2026-01-01', 2)",
    );
    // 1: withdrawn by Mira, then republished by a bulk publish; 2: withdrawn for her by an admin, still private; 3: public.
    await client.execute(
      "insert into evidence (id, user_id, title, media_type, date_posted, is_public, withdrawn_at) values " +
        "(1, 7, 'Harbour', 1, '2026-01-02', 1, '2026-01-03T10:00:00.000Z'), (2, 7, 'Van', 1, '2026-01-02', 0, '2026-01-03T11:00:00.000Z'), " +
        "(3, 7, 'Gate', 1, '2026-01-02', 1, null)",
    );
    await client.execute(
      "insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, detail) values " +
        "('2026-01-03T10:00:00.000Z', 7, 'mira', 'evidence.withdraw', 'evidence', 1, '{}'), " +
        "('2026-01-03T11:00:00.000Z', 8, 'chief', 'evidence.withdraw', 'evidence', 2, '{}')",
    );
    const audit = { key: undefined, keyFile: path.join(dir, "audit.key"), headFile: path.join(dir, "audit.head") };
    await openAuditChain(db, audit); // the older release sealed its entries

    await migrate(db);
    const { rows } = await client.execute("select id, is_public, withdrawn_at is not null, withdrawn_by from evidence order by id");
    expect(rows.map((r) => [Number(r[0]), Number(r[1]), Number(r[2]), r[3]])).toEqual([[1, 0, 1, 7], [2, 0, 1, 8], [3, 1, 0, null]]);
    const restored = await client.execute("select actor_name, target_id, detail from audit_log where action = 'evidence.withdrawal-restored'");
    expect(restored.rows.map((r) => [r[0], Number(r[1]), JSON.parse(r[2] as string)])).toEqual([
      ["casefile upgrade", 1, { is_public: { before: true, after: false } }],
    ]);

    await openAuditChain(db, audit); // the next start seals what the upgrade wrote
    const verdict = await verifyAuditLog(client, (await loadAuditKey(audit, false))!, await readAnchor(audit));
    expect(verdict).toMatchObject({ intact: true, entries: 3, sealed: 3 });
  } finally {
    await close();
  }
});
