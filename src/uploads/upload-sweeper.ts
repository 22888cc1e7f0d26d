import { eq, lt } from "drizzle-orm";
import type { AppContext } from "../context";
import { uploads } from "../db/uploads";
import { localUploadsDir, removeOrphanUploadFiles } from "./local-upload-bytes";
import { uploadBytesOf } from "./open-upload-bytes";

/**
 * Removes uploads past their expiry with their bytes (finalised ones too: their item exists and their bytes are
 * gone already), and, with the local store, upload files whose row is gone (their owner was deleted: rows cascade)
 * once they are older than the expiry. Returns how many rows and files went.
 */
export async function sweepExpiredUploads(ctx: AppContext, now = Date.now()): Promise<{ rows: number; orphans: number }> {
  const gone = await ctx.db.delete(uploads).where(lt(uploads.expiresAt, new Date(now).toISOString())).returning();
  for (const row of gone) {
    if (row.sha256 === null) await uploadBytesOf(ctx).remove(row.id, row.storeState);
  }
  let orphans = 0;
  if (ctx.config.mediaStore === "local") {
    const hasRow = async (id: string) => (await ctx.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id))).length > 0;
    orphans = await removeOrphanUploadFiles(localUploadsDir(ctx.config.uploadsDir), hasRow, now - ctx.config.uploadExpiryMs);
  }
  return { rows: gone.length, orphans };
}
