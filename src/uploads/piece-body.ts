import { rm, stat } from "node:fs/promises";
import { badRequest } from "../http/errors";
import { RECHECK_EVERY_BYTES } from "../media/disk-guard";
import { stalled } from "../media/multipart";
import type { BodyGuards } from "./guarded-body";
import type { UploadLease } from "./upload-lease";
import type { PieceStorage } from "./upload-bytes";

/** How often a body being written is looked at (its size, for the stall limit, the lease and the disk). */
const LOOK_EVERY_MS = 1000;

const sizeOf = (file: string) => stat(file).then(
  (info) => info.size,
  () => 0,
);

/**
 * A PATCH's body written by the runtime itself (`Bun.write` of the request into the request's own piece file): its
 * bytes never pass through JavaScript, so a crowd's uploads make no garbage per chunk and need no forced collections
 * (under 300 phones' videos: peak RSS ~200 MiB instead of ~590, p99 of other calls ~150 ms instead of 0.7–1 s on a
 * 2-core machine; BENCHMARKS.md, issue 22's seventh round). The guards of guarded-body.ts hold by looking at the
 * piece's size every LOOK_EVERY_MS: too few bytes in a stall window, a lost lease or a filling disk refuses the body.
 * A refusal settles `refused` at once, so the request is answered (which closes the connection and ends the write);
 * `stored` settles once the write has ended and what arrived joined the upload under the lease (nothing joins when the
 * lease is lost). A client that went away keeps what arrived, like any other body.
 */
export function receiveIntoPiece(lease: UploadLease, request: Request, pieces: PieceStorage, guards: BodyGuards) {
  const piece = pieces.pathOf(lease.id, lease.token);
  const refusal = Promise.withResolvers<never>();
  refusal.promise.catch(() => {}); // raced by the caller; a body that ends well never settles it
  let refusedWith: unknown;
  const refuse = (error: unknown) => {
    if (refusedWith !== undefined) return;
    refusedWith = error;
    refusal.reject(error);
  };

  const written = Bun.write(piece, request).then(
    () => undefined,
    (error: unknown) => error ?? new Error("the body failed"),
  );

  let renewedAtSize = 0;
  let window = { size: 0, at: Date.now() };
  let nextDiskCheck = RECHECK_EVERY_BYTES;
  let looking = false;
  const look = setInterval(async () => {
    if (looking || refusedWith !== undefined) return;
    looking = true;
    try {
      const size = await sizeOf(piece);
      if (Date.now() - window.at >= guards.stallMs) {
        if (size - window.size < guards.minBytesPerWindow) throw stalled();
        window = { size, at: Date.now() };
      }
      // Renewed only while bytes arrive: a frozen link lets go of the upload, and its client's next PATCH takes over.
      if (size > renewedAtSize && lease.due()) {
        renewedAtSize = size;
        await guards.renewLeaseIfDue();
      }
      if (size >= nextDiskCheck) {
        nextDiskCheck = size + RECHECK_EVERY_BYTES;
        await guards.checkDisk(guards.maxBytes - size);
      }
    } catch (error) {
      refuse(error);
    } finally {
      looking = false;
    }
  }, Math.min(LOOK_EVERY_MS, guards.stallMs / 4));

  const stored = (async () => {
    const failure = await written;
    clearInterval(look);
    const bytes = Math.min(await sizeOf(piece), guards.maxBytes);
    try {
      if (bytes > 0) {
        await lease.renew(); // joined only by the holder: throws when another request took the upload over
        await pieces.join(lease.id, lease.offset, piece, bytes);
        lease.offset += bytes;
      }
    } finally {
      await rm(piece, { force: true });
    }
    if (refusedWith !== undefined) throw refusedWith;
    if (failure !== undefined) throw badRequest("The upload was interrupted. Please try again.");
  })();

  return { stored, refused: refusal.promise };
}
