import { lte, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { rateLimits } from "../db/rate-limits";
import { tooManyRequests } from "../http/errors";
import { clientAddress } from "../http/request-info";

/**
 * Fixed-window counters in the database (table rate_limits), so every instance on one libSQL server counts the
 * same hits. A venue may put hundreds of phones behind one address, so callers give per-account keys tight limits
 * and per-address keys loose ones.
 */
export type Limit = { max: number; windowMs: number };

/**
 * Counts one hit on key in one atomic upsert and returns the count of its window, this hit included: parallel
 * hits each see a different count, so no more than `max` of them are ever let through.
 */
export async function countHit(db: Database, key: string, limit: Limit, now = Date.now()): Promise<number> {
  const expired = sql`${rateLimits.resetAt} <= ${now}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: now + limit.windowMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row!.count;
}

/** Counts one hit; 429 when the key is over its limit. */
export async function limitHit(db: Database, key: string, limit: Limit, now = Date.now()): Promise<void> {
  if ((await countHit(db, key, limit, now)) > limit.max) throw tooManyRequests();
}

/** What a per-address limit answers: it says to wait, never anything about the account. */
export const ADDRESS_BUSY_MESSAGE = "Too many requests from this network just now. Please wait a few minutes and try again.";

/**
 * Counts one hit of `scope` on the client's address; 429 saying to wait when it is over its (loose) limit. Addresses
 * the operator named in VENUE_ADDRESSES (the venue Wi-Fi's one public address) are not counted: every phone of the
 * audience comes from there, and only the per-account limits apply to them.
 */
export async function limitAddressHit(
  db: Database,
  config: Pick<Config, "trustProxy" | "venueAddresses">,
  request: Request,
  scope: string,
  limit: Limit,
): Promise<void> {
  const address = clientAddress(request, config);
  if (config.venueAddresses.includes(address)) return;
  if ((await countHit(db, `${scope}:address:${address}`, limit)) > limit.max) throw tooManyRequests(ADDRESS_BUSY_MESSAGE);
}

/**
 * Starts the key afresh, unless other hits arrived since the one that saw `seenCount`: a success in the middle
 * of a burst must not open the way for the rest of the burst.
 */
export async function clearHits(db: Database, key: string, seenCount: number): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key} and ${rateLimits.count} = ${seenCount}`);
}

/** Drops windows that have ended (their keys would start from zero anyway). */
export async function sweepExpiredLimits(db: Database, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Per-address ceilings are sized for a 500-person venue behind one NAT address within an hour (each person logging in
 * a few times, registering once or twice, checking names as they type, resetting a password: the original client
 * spends up to 5 reset calls on one reset); what protects an account is its per-account limit.
 */
export const LIMITS = {
  /** Login attempts on one account (counted before the password is checked; a success starts afresh). */
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 5000, windowMs: HOUR },
  registerPerAddress: { max: 1000, windowMs: HOUR },
  checkPerAddress: { max: 10_000, windowMs: HOUR },
  /** Reset codes asked for one account (the original client asks twice per attempt). */
  resetSendPerAccount: { max: 10, windowMs: HOUR },
  /** Code checks and password updates for one account; each code allows 5 wrong tries besides. */
  resetTryPerAccount: { max: 20, windowMs: HOUR },
  /** "Is this address registered?" for one email. */
  resetCheckPerAccount: { max: 30, windowMs: HOUR },
  /** 600 resets an hour. */
  resetPerAddress: { max: 3000, windowMs: HOUR },
  /** Wrong setup tokens from one address (the right one is never counted, so a shared address cannot lock it out). */
  setupPerAddress: { max: 30, windowMs: HOUR },
} satisfies Record<string, Limit>;
