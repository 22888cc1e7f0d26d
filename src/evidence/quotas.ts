/**
 * Per-participant upload quotas: bytes of evidence media stored (QUOTA_STORAGE_MB), uploads per hour
 * (QUOTA_UPLOADS_PER_HOUR) and resumable uploads unfinished at once (UPLOAD_PENDING_MAX). Every new item counts as an
 * upload, text notes included (they grow the database, and the hour's count is what bounds how fast one account can),
 * and so does every replaced file and every resumable upload created (once: finalising it counts nothing more); only
 * files count bytes, and a resumable upload reserves its declared length from its creation until it is finalised,
 * ended or expired (otherwise unfinished uploads would park any amount beside the quota), and a multipart body reserves
 * its declared length while it is being received into the temp area (body_reservations, below). Admins are exempt.
 *
 * The limits hold because they are CHECKs of upload_quotas, upserted in the same transaction as the upload's rows:
 * however many uploads race, on however many instances, the one that would pass a limit rolls back. The early check
 * (admitEvidenceUpload) only spares a participant at a limit from sending a large body that would be refused anyway.
 */
import { sql } from "drizzle-orm";
import { isAdmin } from "../auth/guard";
import type { Config } from "../config";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import type { EvidenceRow } from "../db/evidence";
import type { UserRow } from "../db/users";
import { tooLarge, tooManyRequests } from "../http/errors";
import { declaredLength } from "../http/request-info";
import { GONE_AFTER_MS, INSTANCE_ID } from "../server-status/instances";

type QuotaLimits = Config["quotas"];
/** Who sends the upload (an admin may replace a participant's file). */
export type Uploader = Pick<UserRow, "id" | "role">;

const HOUR_MS = 60 * 60 * 1000;
/** A limit of 0 (unlimited) is stored as this, so the CHECKs need no special case. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;
/**
 * A multipart body up to this size carries at most a small file (a text note's fields, or a finalise's fields and its
 * 64 KB thumbnail): it is cheap to receive, so the early check leaves it to the transaction, a note from a participant
 * whose storage is full still goes through, and finalising an upload already counted in this hour is not refused.
 */
const SMALL_BODY_BYTES = 256 * 1024;

const limitOf = (configured: number) => (configured === 0 ? UNLIMITED : configured);

/** The user's resumable uploads that are neither finalised nor expired (a finalised one has its file's hash). */
const pendingUploadsWhere = (userId: number, now: number) =>
  sql`from uploads where owner_id = ${userId} and sha256 is null and expires_at > ${new Date(now).toISOString()}`;

/** Instances whose heartbeat is recent: a reservation of any other (a crashed process) no longer counts. */
/** The processes with a live heartbeat (a heartbeat id is its process's id, with "+n" for a second server in one). */
const liveInstanceIds = (now: number) =>
  sql`(select substr(id, 1, ${INSTANCE_ID.length}) from server_instances where seen_at > ${new Date(now - GONE_AFTER_MS).toISOString()})`;

/**
 * Bytes of evidence media (files and thumbnails) the user stores, except the files in `except`, plus the declared
 * lengths of their pending resumable uploads (reserved from creation) and of the multipart bodies live instances are
 * receiving from them.
 */
function storedBytesSql(userId: number, except: string[] = [], now = Date.now()) {
  const exclusion = except.length ? sql` and id not in (${sql.join(except.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const files = sql`(select coalesce(sum(size), 0) from media_files where owner_id = ${userId} and purpose in ('evidence', 'thumbnail')${exclusion})`;
  const bodies = sql`(select coalesce(sum(bytes), 0) from body_reservations where user_id = ${userId} and instance_id in ${liveInstanceIds(now)})`;
  return sql`(${files} + (select coalesce(sum(length), 0) ${pendingUploadsWhere(userId, now)}) + ${bodies})`;
}

async function storedBytes(db: Database, userId: number, except: string[] = []): Promise<number> {
  const { rows } = await db.run(sql`select ${storedBytesSql(userId, except)} as total`);
  return Number(rows[0]!.total);
}

/** What an upload's batch counts: see countUpload. */
export type Counting = {
  /** A file arrives (or is reserved): a note adds no bytes. */
  withFile: boolean;
  /** The write creates a resumable upload: it is refused when the participant already has UPLOAD_PENDING_MAX. */
  startsPending?: boolean;
  /** The hour's count was taken when the resumable upload this item is made of was created. */
  hourCounted?: boolean;
};

/**
 * What to put in an upload's batch, after its inserts and deletes, to count it against the owner's quota (nothing when
 * an admin uploads): an upsert that recomputes the owner's stored bytes (so the batch's own new files and resumable
 * upload count and the files it replaces, or the upload it finalises, don't), recounts their pending resumable uploads,
 * copies the limits in, and counts one upload in the current hour (a new hour starts once the last one has run out).
 * When a limit would be passed a CHECK fails and the whole batch rolls back; quotaRefusal() turns that into the
 * participant's message.
 * A note adds no bytes, so it is never refused for them: its byte ceiling is raised to what is stored; likewise only
 * a write that starts a resumable upload is refused for the number pending.
 */
export function countUpload(ctx: AppContext, uploader: Uploader, ownerId: number, counting: Counting, now = Date.now()) {
  if (isAdmin(uploader)) return [];
  const { quotas: limits, uploadPendingMax } = ctx.config;
  const stored = storedBytesSql(ownerId, [], now);
  const pending = sql`(select count(*) ${pendingUploadsWhere(ownerId, now)})`;
  const maxBytes = counting.withFile ? sql`${limitOf(limits.storageBytes)}` : sql`max(${limitOf(limits.storageBytes)}, ${stored})`;
  const maxPending = counting.startsPending ? sql`${limitOf(uploadPendingMax)}` : sql`max(${limitOf(uploadPendingMax)}, ${pending})`;
  const added = counting.hourCounted ? 0 : 1;
  const sameHour = sql`upload_quotas.window_start > ${now - HOUR_MS}`;
  return [
    ctx.db.run(sql`
      insert into upload_quotas (user_id, stored_bytes, max_bytes, window_start, window_uploads, max_uploads, pending_uploads, max_pending)
      values (${ownerId}, ${stored}, ${maxBytes}, ${now}, ${added}, ${limitOf(limits.uploadsPerHour)}, ${pending}, ${maxPending})
      on conflict (user_id) do update set
        stored_bytes = excluded.stored_bytes,
        max_bytes = excluded.max_bytes,
        max_uploads = excluded.max_uploads,
        pending_uploads = excluded.pending_uploads,
        max_pending = excluded.max_pending,
        window_start = case when ${sameHour} then upload_quotas.window_start else excluded.window_start end,
        window_uploads = case when ${sameHour} then upload_quotas.window_uploads + ${added} else ${added} end`),
  ];
}

/** Decimal MB with one decimal, as phones count (the limit is set in MiB); a little is shown as 0.1, not as nothing. */
const mb = (bytes: number) => (bytes > 0 && bytes < 100_000 ? 0.1 : Number((bytes / 1_000_000).toFixed(1)));

const storageFull = (storedNow: number, limitBytes: number, incomingBytes: number) =>
  tooLarge(
    `You have used your storage space for this show: ${mb(storedNow)} MB of your ${mb(limitBytes)} MB are in use, ` +
      `and this upload needs ${mb(incomingBytes)} MB more. Delete items you no longer need to make room.`,
  );

function hourlyLimitReached(limits: QuotaLimits, windowStart: number, now = Date.now()) {
  const minutes = Math.max(1, Math.ceil((windowStart + HOUR_MS - now) / 60_000));
  return tooManyRequests(
    `You can send at most ${limits.uploadsPerHour} uploads per hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  );
}

/** The participant's current hour of counting uploads, if they have uploaded before. */
async function uploadWindow(db: Database, userId: number): Promise<{ start: number; uploads: number } | undefined> {
  const { rows } = await db.run(sql`select window_start, window_uploads from upload_quotas where user_id = ${userId}`);
  return rows[0] && { start: Number(rows[0].window_start), uploads: Number(rows[0].window_uploads) };
}

type QuotaCheck = "upload_quotas_bytes" | "upload_quotas_uploads" | "upload_quotas_pending";

/** Which of upload_quotas' CHECKs failed, if that is what rolled the batch back. */
function failedQuotaCheck(error: unknown): QuotaCheck | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const match = /CHECK constraint failed: (upload_quotas_bytes|upload_quotas_uploads|upload_quotas_pending)\b/.exec(cause.message);
    if (match) return match[1] as QuotaCheck;
  }
  return undefined;
}

const tooManyPending = (max: number) =>
  tooManyRequests(
    `You already have ${max} uploads that have not finished. Let them finish, or cancel one, before starting another.`,
  );

/**
 * The participant's message (413 for storage, 429 for the hourly count) when `error` is a quota CHECK that rolled an
 * upload's batch back; otherwise `error` itself. `incomingBytes` is what the upload would have added.
 */
export async function quotaRefusal(db: Database, config: Config, userId: number, error: unknown, incomingBytes: number): Promise<unknown> {
  const limits = config.quotas;
  const check = failedQuotaCheck(error);
  if (check === "upload_quotas_pending") return tooManyPending(config.uploadPendingMax);
  if (check === "upload_quotas_uploads") return hourlyLimitReached(limits, (await uploadWindow(db, userId))?.start ?? Date.now());
  if (check === "upload_quotas_bytes") return storageFull(await storedBytes(db, userId), limits.storageBytes, incomingBytes);
  return error;
}

const isMultipart = (request: Request) => (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** What an admitted multipart body holds until it has been received (then the upload's own transaction counts it). */
export type BodyReservation = { release(): Promise<void> };
const NOTHING_RESERVED: BodyReservation = { release: async () => {} };

/**
 * Admits an evidence upload before its body is read, and reserves its size against the participant's storage while
 * the body arrives: refused when the hour's uploads are used up or the declared size cannot fit the space left
 * (counting the files it would replace as freed, and the bodies they are sending meanwhile). A chunked body may be
 * a file of any size: it reserves the space left, up to MAX_UPLOAD_MB. Admins, JSON edits and small bodies pass,
 * reserving nothing: the transaction still judges everything.
 */
export async function admitEvidenceUpload(ctx: AppContext, request: Request, uploader: Uploader, replacing?: EvidenceRow): Promise<BodyReservation> {
  if (isAdmin(uploader) || !isMultipart(request)) return NOTHING_RESERVED;
  const declared = declaredLength(request);
  if (declared !== undefined && declared <= SMALL_BODY_BYTES) return NOTHING_RESERVED;
  const freed = [replacing?.mediaId, replacing?.thumbnailId].filter((id): id is string => !!id);
  await admitUploadOf(ctx, uploader, declared === undefined ? 1 : declared - SMALL_BODY_BYTES, freed);
  const limit = ctx.config.quotas.storageBytes;
  if (limit === 0) return NOTHING_RESERVED;
  // The whole body sits in the temp area: its declared length is reserved (the early check above allowed for fields).
  const bytes = declared ?? Math.max(1, Math.min(ctx.config.maxUploadBytes, limit - (await storedBytes(ctx.db, uploader.id, freed))));
  return reserveBody(ctx, uploader.id, bytes, freed);
}

/**
 * One statement inserts the reservation only if it fits, so two bodies racing on two instances cannot both pass;
 * reservations of instances no longer beating are deleted first (they already count for nothing).
 */
async function reserveBody(ctx: AppContext, userId: number, bytes: number, freed: string[]): Promise<BodyReservation> {
  const { db, config } = ctx;
  const now = Date.now();
  const id = crypto.randomUUID();
  await db.run(sql`delete from body_reservations where instance_id not in ${liveInstanceIds(now)}`);
  const inserted = await db.run(sql`
    insert into body_reservations (id, user_id, bytes, instance_id)
    select ${id}, ${userId}, ${bytes}, ${INSTANCE_ID} where ${storedBytesSql(userId, freed, now)} + ${bytes} <= ${config.quotas.storageBytes}`);
  if (inserted.rowsAffected === 0) throw storageFull(await storedBytes(db, userId, freed), config.quotas.storageBytes, bytes);
  return { release: () => db.run(sql`delete from body_reservations where id = ${id}`).then(() => undefined) };
}

/**
 * The early check for a file of fileBytes (a multipart body, or a resumable upload's declared length): refused when
 * the uploader has used up the hour's uploads or the file cannot fit the space left (the files in `freed` counted as
 * gone). Admins pass.
 */
export async function admitUploadOf(ctx: AppContext, uploader: Uploader, fileBytes: number, freed: string[] = []): Promise<void> {
  if (isAdmin(uploader)) return;
  const { db, config } = ctx;
  const limits = config.quotas;
  const window = await uploadWindow(db, uploader.id);
  if (limits.uploadsPerHour > 0 && window && window.start > Date.now() - HOUR_MS && window.uploads >= limits.uploadsPerHour) {
    throw hourlyLimitReached(limits, window.start);
  }
  if (limits.storageBytes === 0) return;
  const stored = await storedBytes(db, uploader.id, freed);
  if (stored + fileBytes > limits.storageBytes) throw storageFull(stored, limits.storageBytes, fileBytes);
}
