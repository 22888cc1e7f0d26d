/**
 * The audit log's hash chain. Each row's hash = HMAC-SHA-256 under the audit key (audit-key.ts) of the previous
 * row's hash + "\n" + its canonical content, so an edited, removed or inserted row breaks the chain from there on,
 * and only the application (which holds the key) can seal a row.
 *
 * Why rows are sealed after the fact: a row is written in the same libSQL batch as the change it records, and a
 * batch cannot read the previous row's hash and compute an HMAC in between. So rows go in with hash null and are
 * sealed in id order by sealAuditLog, run right after each write. Sealing is deterministic (same rows, same key,
 * same hashes) and conditional (`where hash is null`), so two instances sealing at once on one sqld write the same
 * values and the second write changes nothing. SQLite serialises writers, so ids grow in commit order and an
 * AUTOINCREMENT id is never reused: unsealed rows are only ever a tail after the last sealed one, and only for a
 * moment.
 *
 * Erasure: a row's hash covers detail_hash (an HMAC of its actor_name and detail, set when it is sealed) in place of
 * those two, so deleting a participant can replace them with a redaction (redactAuditEntries) and the chain still
 * verifies; an unredacted row's detail_hash must match its actor_name and detail. Rows sealed before detail_hash
 * existed are re-sealed that way once, at the first start that finds them (with the chain intact).
 *
 * What keeps someone with the database alone from rewriting it: they cannot seal (no key); the anchor (the last
 * head this data folder sealed, kept outside the database) names a chain cut short or seals wiped below it; an
 * unsealed tail older than UNSEALED_GRACE_MS or longer than MAX_UNSEALED is reported as broken (until a start seals
 * it, saying which entries: a crash between a change and its seal leaves such a tail too); nothing is sealed while
 * the chain is broken in any other way.
 */
import type { Client } from "@libsql/client";
import type { Config } from "../config";
import { type Database, flushToDisk } from "../db/client";
import { anchorAt, anchorHolds, chainRow, entryHash, GENESIS, hashedContent, PAGE, personalHash, rowsAfter } from "./audit-chain-rows";
import { type AuditAnchor, loadAuditKey, readAnchor, writeAnchor } from "./audit-key";
import { upgradeToDetailHashes, upgradeUnkeyedChain } from "./audit-upgrade";
import { verifyAuditLog } from "./audit-verify";

/** Sealing rows older than this is said in the log (a stopped instance's tail at start, or rows from outside). */
const LATE_SEAL_MS = 60 * 1000;

/** What an instance knows of its chain: the key, the anchor, and why it stopped sealing (when it did). */
type Chain = { key: Buffer; settings: Config["audit"]; anchor: AuditAnchor | undefined; refused?: string };
const chains = new WeakMap<Client, Chain>();

/**
 * At start: loads (or makes) the key and the anchor, upgrades an unkeyed chain once, checks the whole chain, seals
 * the unsealed tail after the anchor (saying which entries), and returns the head. A chain broken in any other way
 * is reported and then nothing is sealed (new entries stay unsealed, so the break stays visible) until an operator
 * looks into it.
 */
export async function openAuditChain(db: Database, settings: Config["audit"]): Promise<AuditHead> {
  const client = db.$client;
  const key = (await loadAuditKey(settings, true))!;
  const anchor = await readAnchor(settings);
  if (!anchor && (await upgradeUnkeyedChain(client, key))) {
    console.warn("audit log: the chain, intact under the SHA-256 of earlier releases, is now sealed with the audit key");
  }
  const chain: Chain = { key, settings, anchor };
  chains.set(client, chain);
  const verdict = await verifyAuditLog(client, key, anchor);
  if (!verdict.intact && !verdict.tail) refuse(chain, verdict.reason);
  else {
    const upgraded = verdict.intact ? await upgradeToDetailHashes(client, key) : undefined;
    if (upgraded) {
      chain.anchor = upgraded;
      await flushToDisk(client);
      await writeAnchor(settings, upgraded);
      console.warn(`audit log: entries #1–#${upgraded.id} sealed again so each can be erased without breaking the chain (detail_hash)`);
    }
    // Only a tail after everything sealed so far: a stopped instance's last writes (or rows from outside, which
    // this line then names). Sealed, never silently.
    const unsealed = await client.execute("select min(id), max(id), min(at) from audit_log where hash is null");
    const [first, last, oldest] = [0, 1, 2].map((column) => unsealed.rows[0]![column]);
    if (first !== null) console.warn(`audit log: sealing entries #${first}–#${last} (the oldest written at ${oldest}), left unsealed before this start`);
    await sealAuditLog(db);
    const head = await auditHead(db);
    if (!chain.anchor && head.entries > 0) {
      chain.anchor = anchorAt(head.entries, head.hash); // a data folder without an anchor yet (first start, or lost)
      await writeAnchor(settings, chain.anchor);
    }
  }
  return auditHead(db);
}

/** The head admins and the log see: the last sealed entry and its hash, and why sealing stopped if it did. */
export type AuditHead = { entries: number; hash: string; broken: string | null };

export async function auditHead(db: Database): Promise<AuditHead> {
  const chain = chains.get(db.$client);
  const last = (await db.$client.execute("select id, hash from audit_log where hash is not null order by id desc limit 1")).rows[0];
  return { entries: last ? Number(last[0]) : 0, hash: last ? String(last[1]) : GENESIS, broken: chain?.refused ?? null };
}

export const headLine = (head: AuditHead) =>
  `audit log head: ${head.entries} entries, hash ${head.hash}` + (head.broken ? ` — BROKEN, nothing is sealed: ${head.broken}` : "");

function refuse(chain: Chain, reason: string): void {
  if (chain.refused === reason) return;
  chain.refused = reason;
  console.error(`audit log broken, nothing is sealed until it is looked into (casefile audit verify): ${reason}`);
}

/**
 * Whether the sealed part of the chain still holds the anchor (the entry this data folder last sealed, unchanged);
 * a reason when it does not.
 */
async function anchorMissing(client: Client, anchor: AuditAnchor | undefined): Promise<string | undefined> {
  if (!anchor) return undefined;
  const row = (await client.execute({ sql: "select hash, detail_hash from audit_log where id = ?", args: [anchor.id] })).rows[0];
  if (!row) return `entry #${anchor.id}: missing, though this application sealed the log up to it (entries were removed)`;
  if (!anchorHolds(anchor, row[0] as string | null, row[1] as string | null)) return `entry #${anchor.id}: its hash is not the one this application sealed (${anchor.hash})`;
  return undefined;
}

async function sealTail(client: Client, chain: Chain): Promise<number> {
  const last = (await client.execute("select id, hash from audit_log where hash is not null order by id desc limit 1")).rows[0];
  const lastId = last ? Number(last[0]) : 0;
  const missing = await anchorMissing(client, chain.anchor);
  if (missing || (chain.anchor && lastId < chain.anchor.id)) {
    refuse(chain, missing ?? `entry #${lastId + 1}: not sealed, though this application sealed the log up to #${chain.anchor!.id}`);
    return 0;
  }
  let prevHash = (last?.[1] as string | undefined) ?? GENESIS;
  const rows = (await rowsAfter(client, lastId)).rows.map(chainRow);
  if (!rows.length) return 0;
  const late = rows.filter((row) => Date.now() - Date.parse(row.at) > LATE_SEAL_MS).map((row) => `#${row.id}`);
  if (late.length) console.warn(`audit log: sealing entries written over a minute ago (${late.join(", ")}); if no instance stopped mid-write, they came from outside`);
  const updates = rows.map((row) => {
    const detailHash = personalHash(chain.key, row.personal);
    const hash = entryHash(chain.key, prevHash, hashedContent(row.raw, detailHash));
    const update = {
      sql: "update audit_log set prev_hash = ?, hash = ?, detail_hash = ? where id = ? and hash is null",
      args: [prevHash, hash, detailHash, row.id],
    };
    prevHash = hash;
    return update;
  });
  await client.batch(updates, "write");
  // The anchor may only name what a power cut cannot take back (the database commits without an fsync each time,
  // db/client.ts), or a restart would take the lost tail for entries removed. Flushing here is also what makes every
  // audited change (an item received, a user deleted) durable before the server answers for it.
  await flushToDisk(client);
  chain.anchor = anchorAt(rows.at(-1)!.id, prevHash);
  await writeAnchor(chain.settings, chain.anchor);
  return rows.length;
}

const sealing = new WeakMap<Client, Promise<void>>();
const again = new WeakSet<Client>();

/**
 * Seals every unsealed row. Calls during a run coalesce into one more run, so a burst of writes costs two passes.
 * Never throws: a failed pass leaves rows unsealed for the next one. Does nothing once the chain was found broken.
 */
export function sealAuditLog(db: Database): Promise<void> {
  const client = db.$client;
  const chain = chains.get(client);
  if (!chain) return Promise.reject(new Error("the audit chain was not opened (openAuditChain)"));
  const running = sealing.get(client);
  if (running) {
    again.add(client);
    return running;
  }
  const run = (async () => {
    try {
      do {
        again.delete(client);
        while (!chain.refused && (await sealTail(client, chain)) === PAGE);
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
