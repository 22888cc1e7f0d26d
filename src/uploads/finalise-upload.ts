/**
 * Finalising: a finished upload becomes evidence through the same createEvidence path as a multipart file (sniffed,
 * hashed, public copy, quota counted in the batch). Exactly once: a request claims the row (a conditional UPDATE,
 * like a PATCH's lease) and records the item's id and the file's SHA-256 in the item's own batch; a repeated or
 * concurrent finalise waits for the claim and answers with that same item.
 */
import { rm } from "node:fs/promises";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AuditActor } from "../audit/audit-record";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { uploads, type UploadRow } from "../db/uploads";
import { conflict, notFound } from "../http/errors";
import type { EvidenceText } from "../evidence/evidence-input";
import type { EvidenceWithContext } from "../evidence/evidence-json";
import { findManageable, withOwnMedia } from "../evidence/evidence-queries";
import { createEvidence } from "../evidence/evidence.service";
import type { Uploader } from "../evidence/quotas";
import { digestOffThread } from "../media/media-thread";
import type { TempFile } from "../media/multipart";
import { uploadBytesOf } from "./open-upload-bytes";
import { FINALISE_TOKEN_PREFIX, leaseFree } from "./upload-lease";
import { assertDiskRoom, findOwnUpload } from "./uploads.service";

/**
 * A claim runs out this long after its last renewal (renewed every quarter of it while the finalise works: copying
 * from S3, hashing and sniffing a large file take a while), so a finalise cut off by a crash blocks the upload briefly.
 */
const CLAIM_MS = 60_000;
/** How long a second finalise waits for the first before asking the client to try again. */
const WAIT_FOR_CLAIM_MS = 60_000;
const POLL_MS = 200;

export const UNFINISHED_MESSAGE = "The upload is not finished yet.";

type Finalised = { created: boolean; evidence: EvidenceWithContext };
/** What the finalising form may add to the uploaded file: a thumbnail, and the duration its sender measured. */
type FinaliseExtras = { thumbnail: TempFile | undefined; durationMs: number | null };

export async function finaliseUpload(
  ctx: AppContext,
  uploader: Uploader & NonNullable<AuditActor>,
  uploadId: string,
  text: EvidenceText,
  extras: FinaliseExtras,
): Promise<Finalised> {
  const deadline = Date.now() + WAIT_FOR_CLAIM_MS;
  for (;;) {
    const row = await findOwnUpload(ctx.db, uploadId, uploader.id);
    if (row.sha256 !== null) return { created: false, evidence: await itemOf(ctx, row, uploader.id) };
    if (row.offset < row.length) throw conflict(UNFINISHED_MESSAGE);
    const claim = await claimForFinalise(ctx, row);
    if (claim) return { created: true, evidence: await turnIntoEvidence(ctx, uploader, row, claim, text, extras) };
    // Another finalise (or the PATCH that just finished) holds the row: wait for it.
    if (Date.now() > deadline) throw conflict("The upload is still being finalised. Please try again.");
    await Bun.sleep(POLL_MS);
  }
}

export async function claimForFinalise(ctx: AppContext, row: UploadRow): Promise<string | undefined> {
  const token = `${FINALISE_TOKEN_PREFIX}${crypto.randomUUID()}`;
  const claimed = await ctx.db
    .update(uploads)
    .set({ lockToken: token, lockedUntil: new Date(Date.now() + CLAIM_MS).toISOString() })
    .where(and(eq(uploads.id, row.id), isNull(uploads.sha256), eq(uploads.offset, row.length), leaseFree()))
    .returning({ id: uploads.id });
  return claimed.length ? token : undefined;
}

/** The claimed, finished upload as a temp file with its size and SHA-256 (hashed on the media thread); the caller removes it. */
export async function finishedAsTempFile(ctx: AppContext, row: UploadRow): Promise<TempFile> {
  await assertDiskRoom(ctx, row.length);
  const path = await uploadBytesOf(ctx).toTempFile(row.id, row.storeState, row.length);
  try {
    return { path, ...(await digestOffThread(path, row.length)), filename: row.filename ?? "" };
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

async function turnIntoEvidence(
  ctx: AppContext,
  uploader: Uploader & NonNullable<AuditActor>,
  row: UploadRow,
  token: string,
  text: EvidenceText,
  extras: FinaliseExtras,
): Promise<EvidenceWithContext> {
  const bytes = uploadBytesOf(ctx);
  let tempPath: string | undefined;
  const mine = and(eq(uploads.id, row.id), eq(uploads.lockToken, token));
  const renewal = setInterval(() => {
    const lockedUntil = new Date(Date.now() + CLAIM_MS).toISOString();
    ctx.db.update(uploads).set({ lockedUntil }).where(mine).catch((error) => console.warn(`upload ${row.id}: claim not renewed:`, error));
  }, CLAIM_MS / 4);
  try {
    const file = await finishedAsTempFile(ctx, row);
    tempPath = file.path;
    const uploads = { file, ...extras, hourCounted: true };
    const keepUntil = new Date(Date.parse(row.createdAt) + ctx.config.uploadExpiryMs).toISOString();
    const created = await createEvidence(ctx, uploader, text, uploads, recordFinalised(ctx.db, row.id, token, file.sha256, keepUntil)).catch(
      (error) => {
        throw claimWasLost(error) ? conflict("Another request finalised this upload meanwhile. Please send it again.") : error;
      },
    );
    await bytes.remove(row.id, row.storeState).catch((error) => console.warn(`upload ${row.id}: bytes not removed:`, error));
    return created;
  } catch (error) {
    await ctx.db.update(uploads).set({ lockToken: null, lockedUntil: null }).where(mine);
    throw error;
  } finally {
    clearInterval(renewal);
    if (tempPath) await rm(tempPath, { force: true }); // already moved into the store when the item was made
  }
}

/**
 * For the item's batch, right after its insert: the row remembers the item and the file's hash, so no crash can lead
 * to a second item, until `keepUntil` (the upload's whole expiry, not the idle one: a phone whose answer was lost may
 * ask again hours later, and must get the same item rather than send the file again). If the claim was lost meanwhile (this request stalled past CLAIM_MS and another finalise took
 * over), the batch must fail: SQLite has no RAISE outside triggers, so the second statement inserts a row that
 * cannot exist (a NULL id) exactly when the update changed nothing.
 */
export function recordFinalised(db: Database, uploadId: string, token: string, sha256: string, keepUntil: string) {
  return [
    db
      .update(uploads)
      .set({ evidenceId: sql`last_insert_rowid()`, sha256, lockToken: null, lockedUntil: null, expiresAt: keepUntil })
      .where(and(eq(uploads.id, uploadId), eq(uploads.lockToken, token))),
    db.run(sql`insert into uploads (id) select null where changes() = 0`),
  ];
}

function claimWasLost(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes("NOT NULL constraint failed: uploads.")) return true;
  }
  return false;
}

/** The item an earlier finalise made, as its owner sees it; gone when the owner deleted it since. */
async function itemOf(ctx: AppContext, row: UploadRow, ownerId: number): Promise<EvidenceWithContext> {
  if (row.evidenceId === null) throw notFound("The item made from this upload was deleted.");
  return withOwnMedia(ctx.db, await findManageable(ctx.db, row.evidenceId, { id: ownerId, admin: false }));
}
