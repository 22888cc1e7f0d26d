/**
 * One request at a time writes an upload, across instances: the row's lock_token names the holder and locked_until
 * ends its hold. The holder renews while bytes arrive; a request whose client stopped sending (a frozen Wi-Fi link
 * keeps its TCP connection open for minutes) stops renewing, and after LEASE_MS the client's next PATCH takes over.
 * Every change the holder makes is conditional on its token, so a holder that lost the lease changes nothing, and it
 * renews before it hands bytes to storage whenever RENEW_MS have passed: within a renewal's LEASE_MS nobody else can
 * have taken over, so it never writes after losing the lease.
 */
import { and, eq, isNull, lt, lte, notLike, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { uploads } from "../db/uploads";
import { HttpError } from "../http/errors";
import { randomId } from "./upload-id";

export const LEASE_MS = 8_000;
/**
 * Each renewal is a database write (with 300 phones sending, every 2 s was ~150 writes a second on the one thread).
 * Renewing after half the lease still leaves the other half, 4 s, for the chunk handed over (and the one read ahead
 * behind it) to reach storage before anyone else could take over.
 */
const RENEW_MS = LEASE_MS / 2;
/** Bytes between two saves of the offset while data streams fast (a kill -9 loses at most this much). */
const SAVE_EVERY_BYTES = 16 * 1024 * 1024;

/**
 * A resumable upload nobody has sent to for this long expires, so abandoned ones stop holding their reservation in the
 * quota within the hour; UPLOAD_EXPIRY_HOURS still bounds one that keeps moving. Every hold, renewal and release moves
 * the expiry on.
 */
export const UPLOAD_IDLE_MS = 60 * 60_000;

/** When an upload whose whole life ends at `deadline` (epoch ms) expires, if it is touched at `now`. */
export const expiryAfterTouch = (deadline: number, now = Date.now()) => new Date(Math.min(deadline, now + UPLOAD_IDLE_MS)).toISOString();

export const leaseLost = () => new HttpError(423, "Another request is sending this upload now. Please try again.");

const isoIn = (ms: number, now = Date.now()) => new Date(now + ms).toISOString();

/** Lease tokens of a finalise (finalise-upload.ts) start with this: termination waits for those. */
export const FINALISE_TOKEN_PREFIX = "finalise:";

/** No finalise is turning the upload into an item right now (free, held by a PATCH, or a claim that ran out). */
export const notHeldByFinalise = (now = Date.now()) =>
  or(isNull(uploads.lockToken), notLike(uploads.lockToken, `${FINALISE_TOKEN_PREFIX}%`), lte(uploads.lockedUntil, new Date(now).toISOString()));

/** A hold that is free, or ran out without being renewed. */
export const leaseFree = (now = Date.now()) => or(isNull(uploads.lockToken), lt(uploads.lockedUntil, new Date(now).toISOString()));

export class UploadLease {
  private renewedAt = Date.now();
  /** The expiry last written to the row (Upload-Expires). */
  expiresAt: string;
  private savedOffset: number;
  private savedState: string | null;

  private constructor(
    private readonly db: Database,
    readonly id: string,
    readonly token: string,
    /** What storage reported as written so far (saved to the row at the next renewal). */
    public offset: number,
    public state: string | null,
    /** The end of the upload's whole life (epoch ms): touching it never moves its expiry past this. */
    private readonly deadline: number,
  ) {
    this.savedOffset = offset;
    this.savedState = state;
    this.expiresAt = expiryAfterTouch(deadline);
  }

  /** The values for a new row that starts held by this request. */
  static forNewRow(db: Database, id: string, state: string | null, deadline: number) {
    const lease = new UploadLease(db, id, randomId(), 0, state, deadline);
    return { lease, columns: { lockToken: lease.token, lockedUntil: isoIn(LEASE_MS) } };
  }

  /** Takes the hold of an upload at `offset`; undefined when another request holds it or the offset moved on. */
  static async take(db: Database, id: string, offset: number, state: string | null, deadline: number): Promise<UploadLease | undefined> {
    const lease = new UploadLease(db, id, randomId(), offset, state, deadline);
    const taken = await db
      .update(uploads)
      .set({ lockToken: lease.token, lockedUntil: isoIn(LEASE_MS), expiresAt: lease.expiresAt })
      .where(and(eq(uploads.id, id), eq(uploads.offset, offset), leaseFree()))
      .returning({ id: uploads.id });
    return taken.length ? lease : undefined;
  }

  private touched(now = Date.now()): string {
    this.expiresAt = expiryAfterTouch(this.deadline, now);
    return this.expiresAt;
  }

  /** Whether a renewal is due before more bytes are handed to storage. */
  due(): boolean {
    return Date.now() - this.renewedAt >= RENEW_MS;
  }

  /** Renews the hold (saving the offset written so far); throws leaseLost when another request took it over. */
  async renew(): Promise<void> {
    const now = Date.now();
    const kept = await this.db
      .update(uploads)
      .set({ offset: this.offset, storeState: this.state, lockedUntil: isoIn(LEASE_MS, now), expiresAt: this.touched(now) })
      .where(and(eq(uploads.id, this.id), eq(uploads.lockToken, this.token)))
      .returning({ id: uploads.id });
    if (!kept.length) throw leaseLost();
    this.renewedAt = now;
    this.savedOffset = this.offset;
    this.savedState = this.state;
  }

  /**
   * Storage has written up to offset: saved at once when the store's state changed (S3: a part was completed, and
   * only the row remembers it), otherwise every SAVE_EVERY_BYTES and whenever a renewal is due.
   */
  async stored(offset: number, state: string | null): Promise<void> {
    const stateChanged = state !== this.savedState;
    this.offset = offset;
    this.state = state;
    if (stateChanged || offset - this.savedOffset >= SAVE_EVERY_BYTES || this.due()) await this.renew();
  }

  /** Saves the final offset and lets go; a lost lease changes nothing (the new holder's row stands). */
  async release(): Promise<boolean> {
    const released = await this.db
      .update(uploads)
      .set({ offset: this.offset, storeState: this.state, lockToken: null, lockedUntil: null, expiresAt: this.touched() })
      .where(and(eq(uploads.id, this.id), eq(uploads.lockToken, this.token)))
      .returning({ id: uploads.id });
    return released.length > 0;
  }
}
