/** The one-time re-seals of a chain sealed by earlier releases, run at start (openAuditChain, audit-chain.ts). */
import type { Client } from "@libsql/client";
import { sha256Hex } from "../auth/passwords";
import { anchorAt, chainRow, entryHash, GENESIS, hashedContent, PAGE, personalHash, rowsAfter } from "./audit-chain-rows";
import type { AuditAnchor } from "./audit-key";

/** The unkeyed SHA-256 of releases before the key: only accepted once, to upgrade a chain that has no anchor yet. */
const unkeyedHash = (prevHash: string, content: string) => sha256Hex(`${prevHash}\n${content}`);

/**
 * Once, for a chain that has no anchor yet: when every sealed row holds the unkeyed SHA-256 of earlier releases
 * and the chain is intact under it, all are sealed again with the key in one transaction. Whether it did.
 */
export async function upgradeUnkeyedChain(client: Client, key: Buffer): Promise<boolean> {
  const updates: { sql: string; args: (string | number)[] }[] = [];
  let [oldPrev, newPrev, previousId] = [GENESIS, GENESIS, 0];
  walk: for (;;) {
    const rows = (await rowsAfter(client, previousId)).rows.map(chainRow);
    for (const row of rows) {
      if (row.hash === null) break walk; // the unsealed tail is sealed with the key afterwards
      if (row.id !== previousId + 1 || row.prevHash !== oldPrev || row.hash !== unkeyedHash(oldPrev, row.content)) return false;
      const hash = entryHash(key, newPrev, row.content);
      updates.push({ sql: "update audit_log set prev_hash = ?, hash = ? where id = ? and hash = ?", args: [newPrev, hash, row.id, row.hash] });
      [oldPrev, newPrev, previousId] = [row.hash, hash, row.id];
    }
    if (rows.length < PAGE) break;
  }
  if (!updates.length) return false;
  await client.batch(updates, "write");
  return true;
}

/**
 * Once, for a chain (verified intact) with rows sealed before detail_hash: every sealed row is sealed again with
 * detail_hash in one transaction, so any row can be redacted later. Deterministic, and conditional on each row's old
 * hash, so two instances doing it at once write the same values. The new head, or undefined when nothing changed.
 */
export async function upgradeToDetailHashes(client: Client, key: Buffer): Promise<AuditAnchor | undefined> {
  const old = (await client.execute("select count(*) from audit_log where hash is not null and detail_hash is null")).rows[0]!;
  if (Number(old[0]) === 0) return undefined;
  const updates: { sql: string; args: (string | number)[] }[] = [];
  let [prevHash, previousId] = [GENESIS, 0];
  walk: for (;;) {
    const rows = (await rowsAfter(client, previousId)).rows.map(chainRow);
    for (const row of rows) {
      if (row.hash === null) break walk;
      const detailHash = row.detailHash ?? personalHash(key, row.personal);
      const hash = entryHash(key, prevHash, hashedContent(row.raw, detailHash));
      updates.push({
        sql: "update audit_log set prev_hash = ?, hash = ?, detail_hash = ? where id = ? and hash = ?",
        args: [prevHash, hash, detailHash, row.id, row.hash],
      });
      [prevHash, previousId] = [hash, row.id];
    }
    if (rows.length < PAGE) break;
  }
  await client.batch(updates, "write");
  return anchorAt(previousId, prevHash);
}
