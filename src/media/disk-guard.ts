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

/** How many body bytes a streaming upload receives between two looks at the free space (a statfs costs microseconds). */
export const RECHECK_EVERY_BYTES = 16 * 1024 * 1024;

export async function assertRoomFor(dir: string, reserveBytes: number, incomingBytes: number): Promise<void> {
  const { bavail, bsize } = await statfs(dir);
  if (bavail * bsize - incomingBytes < reserveBytes) throw insufficientStorage();
}

/** readMultipart into the store's temp area, refused with 507 when the disk there runs low (before and during the body). */
export async function readMultipartWithinDisk(ctx: AppContext, request: Request, limits: MultipartLimits): Promise<MultipartBody> {
  const dir = ctx.store.tempDir;
  const reserve = ctx.config.diskReserveBytes;
  if (reserve === 0 || !request.body) return readMultipart(request, dir, limits);
  // A body declared larger than the route accepts gets readMultipart's 413 ("at most … MB"), not an alarm about the disk.
  const mostAccepted = Object.values(limits.files).reduce((sum, file) => sum + file.maxBytes, 0);
  const declared = Math.min(declaredLength(request) ?? 0, mostAccepted);
  await assertRoomFor(dir, reserve, declared);

  let refusal: unknown;
  let received = 0;
  let nextCheck = RECHECK_EVERY_BYTES;
  const watch = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      received += chunk.byteLength;
      if (received < nextCheck) return;
      nextCheck = received + RECHECK_EVERY_BYTES;
      return assertRoomFor(dir, reserve, Math.max(0, declared - received)).catch((error) => {
        refusal = error;
        throw error;
      });
    },
  });
  // multipart.ts reads request.body itself: hand it the same request with the body passing through the watch.
  const watched = new Request(request.url, { method: request.method, headers: request.headers, body: request.body.pipeThrough(watch) });
  try {
    return await readMultipart(watched, dir, limits);
  } catch (error) {
    // readMultipart reports a body stream that failed as an interrupted upload: say why it was cut.
    throw refusal ?? error;
  }
}
