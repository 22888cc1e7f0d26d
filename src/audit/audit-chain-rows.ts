/**
 * The audit chain's rows as every walk of it reads them (page by page, in id order), the keyed hashes over them, and
 * the anchor's checks: shared by sealing (audit-chain.ts), verifying (audit-verify.ts) and the one-time re-seals
 * (audit-upgrade.ts).
 */
import type { Client, Row } from "@libsql/client";
import type { AuditAnchor } from "./audit-key";

/** The prev_hash of the first entry. */
export const GENESIS = "0".repeat(64);

const COLUMNS = "id, at, actor_id, actor_name, action, target_type, target_id, detail, prev_hash, hash, detail_hash, redacted_at";
export const PAGE = 500;

type ChainRow = {
  raw: Row;
  id: number;
  at: string;
  prevHash: string | null;
  hash: string | null;
  /** What the hash covers: with detail_hash, the row with it in place of actor_name and detail. */
  content: string;
  /** The row as sealed before detail_hash (its hash then covers actor_name and detail themselves). */
  fullContent: string;
  /** actor_name and detail, as detail_hash covers them. */
  personal: string;
  detailHash: string | null;
  redacted: boolean;
};

export function chainRow(row: Row): ChainRow {
  const detailHash = row[10] as string | null;
  const fullContent = JSON.stringify([row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]]);
  return {
    raw: row,
    id: Number(row[0]),
    at: String(row[1]),
    content: detailHash === null ? fullContent : hashedContent(row, detailHash),
    fullContent,
    personal: JSON.stringify([row[3], row[7]]),
    prevHash: row[8] as string | null,
    hash: row[9] as string | null,
    detailHash,
    redacted: row[11] !== null,
  };
}

export const hashedContent = (row: Row, detailHash: string) => JSON.stringify([row[0], row[1], row[2], row[4], row[5], row[6], detailHash]);

// HMAC by the runtime's own hasher: node:crypto (and the streams it loads) is not loaded at start (~1 ms; BENCHMARKS.md).
export const entryHash = (key: Buffer, prevHash: string, content: string) => new Bun.CryptoHasher("sha256", key).update(`${prevHash}\n${content}`).digest("hex");
/** Keyed, so a short value that was erased (a phone number) cannot be found again by hashing guesses. */
export const personalHash = (key: Buffer, personal: string) => new Bun.CryptoHasher("sha256", key).update(`detail\n${personal}`).digest("hex");

export const rowsAfter = (client: Client, id: number) =>
  client.execute({ sql: `select ${COLUMNS} from audit_log where id > ? order by id limit ${PAGE}`, args: [id] });

/** An anchor of this release (v 2). */
export const anchorAt = (id: number, hash: string): AuditAnchor => ({ id, hash, v: 2 });

/**
 * Whether the entry at the anchor still has the sealed hash. An anchor from before detail_hash (no v) names a hash
 * that the one-time re-seal (upgradeToDetailHashes, maybe by another instance on the same sqld) replaced: the entry
 * must then at least be there and re-sealed; the next seal writes a current anchor.
 */
export const anchorHolds = (anchor: AuditAnchor, hash: string | null, detailHash: string | null) =>
  hash === anchor.hash || (anchor.v === undefined && hash !== null && detailHash !== null);
