/**
 * The free-disk guard. Uploads are staged on local disk (the store's temp area, with the local store and with S3),
 * and a full disk breaks the database too. So an upload that would leave less than DISK_RESERVE_MB free there is
 * refused with 507: before its body is read (by its declared length), and again while it streams in (by what is left
 * of it), so that parallel uploads, each of which fits alone, cannot fill the disk together.
 */
import { statfs } from "node:fs/promises";
import type { AppContext } from "../context";
import { insufficientStorage } from "../http/errors";
import { declaredLength } from "../http/request-info";
import { readMultipart, type MultipartBody, type MultipartLimits } from "./multipart";

export async function assertRoomFor(dir: string, reserveBytes: number, incomingBytes: number): Promise<void> {
  const { bavail, bsize } = await statfs(dir);
  if (bavail * bsize - incomingBytes < reserveBytes) throw insufficientStorage();
}

/** readMultipart into the store's temp area, refused with 507 when the disk there runs low (before and during the body). */
export async function readMultipartWithinDisk(ctx: AppContext, request: Request, limits: MultipartLimits): Promise<MultipartBody> {
  const dir = ctx.store.tempDir;
  const reserve = ctx.config.diskReserveBytes;
  if (reserve === 0) return readMultipart(request, dir, limits);
  // A body declared larger than the route accepts gets readMultipart's 413 ("at most … MB"), not an alarm about the disk.
  const mostAccepted = Object.values(limits.files).reduce((sum, file) => sum + file.maxBytes, 0);
  await assertRoomFor(dir, reserve, Math.min(declaredLength(request) ?? 0, mostAccepted));
  return readMultipart(request, dir, limits, (remaining) => assertRoomFor(dir, reserve, Math.min(remaining, mostAccepted)));
}
