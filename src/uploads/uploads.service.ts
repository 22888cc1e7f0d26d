import { and, eq, gt } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { uploads, type UploadRow } from "../db/uploads";
import type { UserRow } from "../db/users";
import { conflict, HttpError, notFound } from "../http/errors";
import { assertRoomFor } from "../media/disk-guard";
import { admitUploadOf, countUpload, quotaRefusal } from "../evidence/quotas";
import { stallGuard } from "./stall-guard";
import { guardedBody, type BodyGuards } from "./guarded-body";
import { uploadBytesOf } from "./open-upload-bytes";
import { receiveIntoPiece } from "./piece-body";
import { pastLength, type UploadMetadata } from "./tus-headers";
import type { PieceStorage } from "./upload-bytes";
import { isUploadId, randomId } from "./upload-id";
import { expiryAfterTouch, FINALISE_TOKEN_PREFIX, LEASE_MS, leaseLost, notHeldByFinalise, UploadLease } from "./upload-lease";

/** The user's own upload, not yet expired; anyone else's (or an unknown or expired id) is "not found". */
export async function findOwnUpload(db: Database, id: string, ownerId: number): Promise<UploadRow> {
  if (isUploadId(id)) {
    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.ownerId, ownerId), gt(uploads.expiresAt, new Date().toISOString())))
      .limit(1);
    if (row) return row;
  }
  throw notFound("No such upload.");
}

/** Refuses 507 when the staging disk would drop below the reserve with `incoming` more bytes (off when the reserve is 0). */
export async function assertDiskRoom(ctx: AppContext, incoming: number): Promise<void> {
  if (ctx.config.diskReserveBytes > 0) await assertRoomFor(ctx.store.tempDir, ctx.config.diskReserveBytes, incoming);
}

/** The end of an upload's whole life (UPLOAD_EXPIRY_HOURS after its creation), epoch ms. */
const deadlineOf = (ctx: AppContext, row: Pick<UploadRow, "createdAt">) => Date.parse(row.createdAt) + ctx.config.uploadExpiryMs;

/**
 * A new upload (creation): refused early when the declared length cannot fit the owner's storage quota or the disk.
 * The row is written in one transaction with the owner's quota count (quotas.ts): its declared length is reserved
 * in the stored bytes, it counts in the hour, and it is refused when the owner already has UPLOAD_PENDING_MAX
 * unfinished. With `body` (creation-with-upload) the row starts held by this request and receives the body; a body that fails
 * midway keeps what arrived, and the upload is still created (the client resumes it).
 */
export async function createUpload(
  ctx: AppContext,
  owner: Pick<UserRow, "id" | "role">,
  length: number,
  metadata: UploadMetadata,
  body: ReadableStream<Uint8Array> | null | undefined,
): Promise<UploadRow> {
  await admitUploadOf(ctx, owner, length);
  await assertDiskRoom(ctx, length);
  const id = randomId();
  const state = await uploadBytesOf(ctx).create(id);
  const now = Date.now();
  const deadline = now + ctx.config.uploadExpiryMs;
  const { lease, columns } = UploadLease.forNewRow(ctx.db, id, state, deadline);
  const insert = ctx.db
    .insert(uploads)
    .values({
      id,
      ownerId: owner.id,
      length,
      metadata: metadata.raw,
      filename: metadata.filename,
      mimeHint: metadata.mimeHint,
      storeState: state,
      createdAt: new Date(now).toISOString(),
      expiresAt: expiryAfterTouch(deadline, now),
      ...(body ? columns : {}),
    })
    .returning();
  let row: UploadRow | undefined;
  try {
    [[row]] = await ctx.db.batch([insert, ...countUpload(ctx, owner, owner.id, { withFile: true, startsPending: true }, now)]);
  } catch (error) {
    await uploadBytesOf(ctx).remove(id, state).catch(() => {});
    throw await quotaRefusal(ctx.db, ctx.config, owner.id, error, length);
  }
  if (!body) return row!;
  await receiveWhole(ctx, row!, lease, { body }).catch((error) => {
    // The upload exists either way, and its offset tells the client what arrived.
    if (!(error instanceof HttpError)) console.warn(`upload ${id}: the data sent with its creation failed:`, error);
  });
  return { ...row!, offset: lease.offset, expiresAt: lease.expiresAt };
}

/**
 * PATCH: appends the body at `offset`, which must be where the upload stands (409 otherwise), under the upload's lease
 * (423 while another request holds it). Returns the new offset and expiry; a body that fails midway keeps what was stored and
 * throws the failure (408 stalled, 507 disk, 423 taken over, …).
 */
export async function appendToUpload(
  ctx: AppContext,
  row: UploadRow,
  offset: number,
  declaredBytes: number | undefined,
  request: Request,
): Promise<Pick<UploadRow, "offset" | "expiresAt">> {
  if (offset !== row.offset) throw conflict(`The upload is at byte ${row.offset}, not ${offset}.`);
  if (declaredBytes !== undefined && offset + declaredBytes > row.length) throw pastLength();
  // A finished upload takes no more bytes (and its bytes may already be evidence): nothing to store.
  if (row.offset === row.length) return row;
  await assertDiskRoom(ctx, Math.min(declaredBytes ?? 0, row.length - offset));
  const lease = await UploadLease.take(ctx.db, row.id, offset, row.storeState, deadlineOf(ctx, row));
  if (!lease) {
    const [now] = await ctx.db.select({ offset: uploads.offset }).from(uploads).where(eq(uploads.id, row.id));
    if (!now) throw notFound("No such upload.");
    if (now.offset !== offset) throw conflict(`The upload is at byte ${now.offset}, not ${offset}.`);
    throw leaseLost();
  }
  // A body of a declared length the runtime can write by itself; otherwise (S3, chunked) through JavaScript.
  const pieces = uploadBytesOf(ctx).pieces;
  if (pieces && declaredBytes) await receiveWhole(ctx, row, lease, { request, pieces });
  else await receiveWhole(ctx, row, lease, { body: request.body });
  return { offset: lease.offset, expiresAt: lease.expiresAt };
}

/** Requests of this process writing an upload, by their lease's token: each settles once its request let go of it. */
const receiving = new Map<string, Promise<void>>();

type Body = { body: ReadableStream<Uint8Array> | null } | { request: Request; pieces: PieceStorage };

/**
 * Stores the body under lease, then lets go of it (saving where it got to, even on failure). A body the runtime
 * writes may be refused while it is still arriving: the refusal is thrown at once (answering closes the connection,
 * which ends the write), and the lease is let go of once what arrived is stored.
 */
async function receiveWhole(ctx: AppContext, row: UploadRow, lease: UploadLease, source: Body): Promise<void> {
  const guards: BodyGuards = {
    maxBytes: row.length - lease.offset,
    ...stallGuard(ctx.config),
    renewLeaseIfDue: async () => {
      if (lease.due()) await lease.renew();
    },
    checkDisk: (remaining) => assertDiskRoom(ctx, remaining),
  };
  const settled = Promise.withResolvers<void>();
  receiving.set(lease.token, settled.promise);
  const letGo = () =>
    lease.release().finally(() => {
      receiving.delete(lease.token);
      settled.resolve();
    });
  if ("request" in source) {
    const { stored, refused } = receiveIntoPiece(lease, source.request, source.pieces, guards);
    const finished = stored.finally(letGo);
    // After a refusal it ends unobserved: its own refusals are expected, anything else (the disk) is worth a line.
    finished.catch((error) => {
      if (!(error instanceof HttpError)) console.warn(`upload ${row.id}: what arrived was not stored:`, error);
    });
    return Promise.race([finished, refused]);
  }
  const guarded = guardedBody(source.body, guards);
  try {
    await uploadBytesOf(ctx).append(row.id, lease.state, lease.offset, guarded, (offset, state) => lease.stored(offset, state));
  } finally {
    await letGo();
  }
}

/** How long a HEAD waits at most for the request holding the upload to let go of it (no longer than its hold). */
const HOLD_WAIT_MS = LEASE_MS;
/** How often a HEAD looks at the row again while a request of another instance holds the upload. */
const HOLD_POLL_MS = 100;

/** Held by a PATCH (or a creation's data), not by a finalise, and not run out. */
const heldBySender = (row: Pick<UploadRow, "lockToken" | "lockedUntil">, now = Date.now()) =>
  row.lockToken !== null && !row.lockToken.startsWith(FINALISE_TOKEN_PREFIX) && row.lockedUntil !== null && Date.parse(row.lockedUntil) > now;

/**
 * The upload as HEAD should describe it. While a request writes it, the row's offset is where that request last saved
 * it (its start, a renewal every few seconds, every 16 MiB), not what is stored. A HEAD during a hold mostly comes
 * from a client resuming after its connection dropped, before the server noticed the drop or finished storing what
 * arrived: answering the row then would have the client send again what is stored (or meet 423 and 409 with PATCHes
 * whose bodies cross the link for nothing). So a HEAD waits for the hold to end: for the request itself when it runs
 * in this instance (its release saves what was stored), else by reading the row again every HOLD_POLL_MS; at most
 * until the hold runs out (a holder still renewing is a live request: the row as it stands then).
 */
export async function describeUpload(ctx: AppContext, row: UploadRow): Promise<UploadRow> {
  if (!heldBySender(row)) return row;
  const until = Math.min(Date.parse(row.lockedUntil!), Date.now() + HOLD_WAIT_MS);
  let current = row;
  while (heldBySender(current) && Date.now() < until) {
    const here = receiving.get(current.lockToken!);
    await settledWithin(here, here ? until - Date.now() : Math.min(HOLD_POLL_MS, until - Date.now()));
    const [fresh] = await ctx.db.select().from(uploads).where(eq(uploads.id, row.id));
    if (!fresh) throw notFound("No such upload.");
    current = fresh;
  }
  return current;
}

/** Resolves when `promise` settles or after `ms`, whichever comes first (no timer left behind). */
async function settledWithin(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(ms, 0))))]);
  clearTimeout(timer);
}

/**
 * Termination: the row and its bytes go (a PATCH still streaming loses its lease and stops), except while a finalise
 * is reading them (409).
 */
export async function terminateUpload(ctx: AppContext, row: UploadRow): Promise<void> {
  const [deleted] = await ctx.db
    .delete(uploads)
    .where(and(eq(uploads.id, row.id), notHeldByFinalise()))
    .returning();
  if (deleted) await uploadBytesOf(ctx).remove(deleted.id, deleted.storeState);
  else throw conflict("The upload is being turned into an item; it can no longer be ended.");
}
