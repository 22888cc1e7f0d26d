/** Checking the whole chain: at start (audit-chain.ts), by `casefile audit verify`, and on a backup's copy. */
import type { Client } from "@libsql/client";
import { anchorHolds, chainRow, entryHash, GENESIS, PAGE, personalHash, rowsAfter } from "./audit-chain-rows";
import type { AuditAnchor } from "./audit-key";

/** The application seals within a second of a write; a tail left longer (or this long) was not written by it. */
export const UNSEALED_GRACE_MS = 10 * 60 * 1000;
export const MAX_UNSEALED = 10_000;

/** A broken verdict's `tail`: the only fault is an unsealed tail after the anchor that is too old or too long. */
export type Verdict =
  | { intact: true; entries: number; sealed: number; head: string }
  | { intact: false; entryId: number; reason: string; tail?: true };

/**
 * Walks the whole chain (page by page, bounded memory) under the key and names the first entry that breaks it:
 * against the anchor when there is one, and with an unsealed tail allowed only while it is short and fresh.
 */
export async function verifyAuditLog(client: Client, key: Buffer, anchor: AuditAnchor | undefined, now = Date.now()): Promise<Verdict> {
  let expectedPrev = GENESIS;
  let previousId = 0;
  let entries = 0;
  let firstUnsealed: number | undefined;
  let tail: Verdict | undefined;
  for (;;) {
    const { rows } = await rowsAfter(client, previousId);
    for (const row of rows.map(chainRow)) {
      entries += 1;
      if (row.id !== previousId + 1) {
        return broken(previousId + 1, `missing, removed behind the application's back (the chain resumes at entry #${row.id})`);
      }
      if (row.hash === null) {
        firstUnsealed ??= row.id;
        if (anchor && row.id <= anchor.id) {
          return broken(row.id, `not sealed, though the application sealed the log up to entry #${anchor.id} (its seal was wiped behind the application's back)`);
        }
        // Reported unless something worse turns up further on (then that is the verdict).
        if (now - Date.parse(row.at) > UNSEALED_GRACE_MS || !(Date.parse(row.at) <= now + UNSEALED_GRACE_MS)) {
          tail ??= { ...broken(firstUnsealed, `not sealed, and written at ${row.at}: the application seals within a second (written behind its back, or left by a crash)`), tail: true };
        }
        if (row.id - firstUnsealed >= MAX_UNSEALED) {
          tail ??= { ...broken(firstUnsealed, `it and over ${MAX_UNSEALED} entries after it are not sealed (written behind the application's back)`), tail: true };
        }
      } else if (firstUnsealed !== undefined) {
        return broken(firstUnsealed, `it was never sealed, yet later entries are (written behind the application's back)`);
      } else if (row.prevHash !== expectedPrev) {
        return broken(row.id, `its prev_hash does not match the entry before it (that entry was edited, or this one was inserted)`);
      } else if (row.hash !== entryHash(key, expectedPrev, row.content)) {
        return broken(row.id, `its content does not match its hash (edited, inserted or sealed without the audit key)`);
      } else if (row.detailHash !== null && !row.redacted && row.detailHash !== personalHash(key, row.personal)) {
        return broken(row.id, `its actor or detail does not match its detail_hash (edited behind the application's back)`);
      } else if (anchor && row.id === anchor.id && !anchorHolds(anchor, row.hash, row.detailHash)) {
        return broken(row.id, `its hash is not the one the application sealed (${anchor.hash})`);
      } else expectedPrev = row.hash;
      previousId = row.id;
    }
    if (rows.length < PAGE) break;
  }
  if (anchor && anchor.id > previousId) {
    return broken(previousId + 1, `the application sealed the log up to entry #${anchor.id} (hash ${anchor.hash}); entries from #${previousId + 1} on were removed`);
  }
  const sequence = (await client.execute("select seq from sqlite_sequence where name = 'audit_log'")).rows[0];
  const highest = sequence ? Number(sequence[0]) : 0;
  if (highest > previousId) {
    return broken(previousId + 1, `the log once reached entry #${highest}; entries from #${previousId + 1} on were removed`);
  }
  return tail ?? { intact: true, entries, sealed: firstUnsealed === undefined ? entries : firstUnsealed - 1, head: expectedPrev };
}

const broken = (entryId: number, reason: string): Verdict & { intact: false } => ({
  intact: false,
  entryId,
  reason: `entry #${entryId}: ${reason}`,
});
