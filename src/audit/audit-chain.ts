/**
 * The audit log's hash chain. Each row's hash = SHA-256(previous row's hash + "\n" + its canonical content), so an
 * edited, removed or inserted row breaks the chain from there on.
 *
 * Why rows are sealed after the fact: a row is written in the same libSQL batch as the change it records, and a
 * batch cannot read the previous row's hash and compute a SHA-256 in between. So rows go in with hash null and are
 * sealed in id order by sealAuditLog, run right after each write and at start. Sealing is deterministic (same rows,
 * same hashes) and conditional (`where hash is null`), so two instances sealing at once on one sqld write the same
 * values and the second write changes nothing. SQLite serialises writers, so ids grow in commit order and an
 * AUTOINCREMENT id is never reused: unsealed rows are only ever a tail after the last sealed one.
 */
import type { Client, Row } from "@libsql/client";
import { sha256Hex } from "../auth/passwords";
import type { Database } from "../db/client";

/** The prev_hash of the first entry. */
export const GENESIS = "0".repeat(64);

const COLUMNS = "id, at, actor_id, actor_name, action, target_type, target_id, detail, prev_hash, hash";
const PAGE = 500;

type ChainRow = { id: number; prevHash: string | null; hash: string | null; content: string };

function chainRow(row: Row): ChainRow {
  const content = JSON.stringify([row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]]);
  return { id: Number(row[0]), content, prevHash: row[8] as string | null, hash: row[9] as string | null };
}

export const entryHash = (prevHash: string, content: string) => sha256Hex(`${prevHash}\n${content}`);

async function sealTail(client: Client): Promise<number> {
  const last = (await client.execute("select id, hash from audit_log where hash is not null order by id desc limit 1")).rows[0];
  let prevHash = (last?.[1] as string | undefined) ?? GENESIS;
  const { rows } = await client.execute({ sql: `select ${COLUMNS} from audit_log where id > ? order by id limit ${PAGE}`, args: [last ? last[0]! : 0] });
  if (!rows.length) return 0;
  const updates = rows.map(chainRow).map((row) => {
    const hash = entryHash(prevHash, row.content);
    const update = { sql: "update audit_log set prev_hash = ?, hash = ? where id = ? and hash is null", args: [prevHash, hash, row.id] };
    prevHash = hash;
    return update;
  });
  await client.batch(updates, "write");
  return rows.length;
}

const sealing = new WeakMap<Client, Promise<void>>();
const again = new WeakSet<Client>();

/**
 * Seals every unsealed row. Calls during a run coalesce into one more run, so a burst of writes costs two passes.
 * Never throws: a failed pass leaves rows unsealed for the next one (at the latest, the next start).
 */
export function sealAuditLog(db: Database): Promise<void> {
  const client = db.$client;
  const running = sealing.get(client);
  if (running) {
    again.add(client);
    return running;
  }
  const run = (async () => {
    try {
      do {
        again.delete(client);
        while ((await sealTail(client)) === PAGE);
      } while (again.has(client));
    } catch (error) {
      console.warn("sealing the audit log failed (it is retried at the next write):", error);
    } finally {
      sealing.delete(client);
    }
  })();
  sealing.set(client, run);
  return run;
}

export type Verdict =
  | { intact: true; entries: number; sealed: number; head: string }
  | { intact: false; entryId: number; reason: string };

/** Walks the whole chain (page by page, bounded memory) and names the first entry that breaks it. */
export async function verifyAuditLog(client: Client): Promise<Verdict> {
  let expectedPrev = GENESIS;
  let previousId = 0;
  let entries = 0;
  let firstUnsealed: number | undefined;
  for (;;) {
    const { rows } = await client.execute({ sql: `select ${COLUMNS} from audit_log where id > ? order by id limit ${PAGE}`, args: [previousId] });
    for (const row of rows.map(chainRow)) {
      entries += 1;
      if (row.id !== previousId + 1) {
        return broken(previousId + 1, `missing, removed behind the application's back (the chain resumes at entry #${row.id})`);
      }
      if (row.hash === null) firstUnsealed ??= row.id;
      else if (firstUnsealed !== undefined) {
        return broken(firstUnsealed, `it was never sealed, yet later entries are (written behind the application's back)`);
      } else if (row.prevHash !== expectedPrev) {
        return broken(row.id, `its prev_hash does not match the entry before it (that entry was edited, or this one was inserted)`);
      } else if (row.hash !== entryHash(expectedPrev, row.content)) {
        return broken(row.id, `its content does not match its hash (edited, or inserted behind the application's back)`);
      } else expectedPrev = row.hash;
      previousId = row.id;
    }
    if (rows.length < PAGE) break;
  }
  const sequence = (await client.execute("select seq from sqlite_sequence where name = 'audit_log'")).rows[0];
  const highest = sequence ? Number(sequence[0]) : 0;
  if (highest > previousId) {
    return broken(previousId + 1, `the log once reached entry #${highest}; entries from #${previousId + 1} on were removed`);
  }
  return { intact: true, entries, sealed: firstUnsealed === undefined ? entries : firstUnsealed - 1, head: expectedPrev };
}

const broken = (entryId: number, reason: string): Verdict => ({ intact: false, entryId, reason: `entry #${entryId}: ${reason}` });
