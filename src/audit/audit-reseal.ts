/**
 * `casefile audit reseal --from <entry>`: the operator's repair of a broken chain, once they have looked into why it
 * broke (an older release wrote to the database, a row was edited by hand). Every entry from the named one on is
 * sealed again with the key, as it now reads, in one transaction, and the reseal itself is an entry of the log (who,
 * from where, and what was broken), sealed in the same pass. Entries before the named one must verify: what was
 * sealed before the break stays as it was sealed.
 */
import type { Config } from "../config";
import { type Database, flushToDisk } from "../db/client";
import { anchorAt, chainRow, entryHash, GENESIS, hashedContent, PAGE, personalHash, rowsAfter } from "./audit-chain-rows";
import { loadAuditKey, readAnchor, writeAnchor } from "./audit-key";
import { auditStatement } from "./audit-record";
import { verifyAuditLog } from "./audit-verify";

export type Resealed = { from: number; to: number; head: string; wasBroken: string | null };

/** Throws a message for people when the reseal cannot be done as asked. */
export async function resealAuditLog(db: Database, settings: Config["audit"], from: number): Promise<Resealed> {
  const key = await loadAuditKey(settings, false);
  if (!key) throw new Error(`No audit key: set AUDIT_KEY, or put the server's ${settings.keyFile} there; a reseal without the key would seal nothing.`);
  const client = db.$client;
  const verdict = await verifyAuditLog(client, key, await readAnchor(settings));
  if (!verdict.intact && verdict.entryId < from) {
    throw new Error(`The chain breaks before entry #${from}, at #${verdict.entryId} (${verdict.reason}); reseal from #${verdict.entryId} or earlier.`);
  }
  const [previous] = (await client.execute({ sql: "select id, hash from audit_log where id < ? order by id desc limit 1", args: [from] })).rows;
  if (previous && previous[1] === null) throw new Error(`Entry #${previous[0]} is not sealed: reseal from there.`);
  const first = (await client.execute({ sql: "select min(id) from audit_log where id >= ?", args: [from] })).rows[0]![0];
  if (first === null) throw new Error(`There is no entry #${from} or after; the log has ${previous ? previous[0] : 0} entries.`);

  const wasBroken = verdict.intact ? null : verdict.reason.startsWith(`entry #${verdict.entryId}`) ? verdict.reason : `entry #${verdict.entryId}: ${verdict.reason}`;
  await auditStatement(db, { actor: null, action: "audit.reseal", targetType: "audit", targetId: from, detail: { from, was_broken: wasBroken } });

  const updates: { sql: string; args: (string | number)[] }[] = [];
  let prevHash = previous ? String(previous[1]) : GENESIS;
  let lastId = previous ? Number(previous[0]) : 0;
  for (;;) {
    const rows = (await rowsAfter(client, lastId)).rows.map(chainRow);
    for (const row of rows) {
      // A redacted entry keeps the hash of what it held (its detail is no longer there to hash).
      const detailHash = row.redacted && row.detailHash ? row.detailHash : personalHash(key, row.personal);
      const hash = entryHash(key, prevHash, hashedContent(row.raw, detailHash));
      updates.push({ sql: "update audit_log set prev_hash = ?, hash = ?, detail_hash = ? where id = ?", args: [prevHash, hash, detailHash, row.id] });
      [prevHash, lastId] = [hash, row.id];
    }
    if (rows.length < PAGE) break;
  }
  await client.batch(updates, "write");
  await flushToDisk(client);
  await writeAnchor(settings, anchorAt(lastId, prevHash));
  const after = await verifyAuditLog(client, key, await readAnchor(settings));
  if (!after.intact) throw new Error(`Resealed from #${from}, but the chain still breaks at #${after.entryId}: ${after.reason}`);
  return { from: Number(first), to: lastId, head: prevHash, wasBroken };
}
