/**
 * A large briefing video may come the resumable way (tus, /api/uploads, like evidence): the finished upload of this
 * admin is claimed exactly once (the same claim evidence's finalise uses), handed over as a temp file, and removed
 * with its bytes once the slot has it. A refused file (wrong kind) leaves the upload as it was.
 */
import { rm } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { uploads } from "../db/uploads";
import { conflict } from "../http/errors";
import type { TempFile } from "../media/multipart";
import { claimForFinalise, finishedAsTempFile, UNFINISHED_MESSAGE } from "../uploads/finalise-upload";
import { uploadBytesOf } from "../uploads/open-upload-bytes";
import { findOwnUpload } from "../uploads/uploads.service";

export async function withFinishedUpload<T>(ctx: AppContext, ownerId: number, uploadId: string, use: (file: TempFile) => Promise<T>): Promise<T> {
  const row = await findOwnUpload(ctx.db, uploadId, ownerId);
  if (row.sha256 !== null) throw conflict("This upload was already used.");
  if (row.offset < row.length) throw conflict(UNFINISHED_MESSAGE);
  const token = await claimForFinalise(ctx, row);
  if (!token) throw conflict("Another request is using this upload now. Please try again.");
  const mine = and(eq(uploads.id, row.id), eq(uploads.lockToken, token));
  const bytes = uploadBytesOf(ctx);
  let tempPath: string | undefined;
  try {
    const file = await finishedAsTempFile(ctx, row);
    tempPath = file.path;
    const result = await use(file);
    await ctx.db.delete(uploads).where(mine);
    await bytes.remove(row.id, row.storeState).catch((error) => console.warn(`upload ${row.id}: bytes not removed:`, error));
    return result;
  } catch (error) {
    await ctx.db.update(uploads).set({ lockToken: null, lockedUntil: null }).where(mine);
    throw error;
  } finally {
    if (tempPath) await rm(tempPath, { force: true });
  }
}
