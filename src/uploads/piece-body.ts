import { rm } from "node:fs/promises";
import { badRequest } from "../http/errors";
import type { BodyGuards } from "./guarded-body";
import type { UploadLease } from "./upload-lease";
import type { PieceStorage } from "./upload-bytes";
import { sizeOf } from "./body-size";
import { watchWrittenBody } from "./written-body";

/**
 * A PATCH's body written by the runtime itself (`Bun.write` of the request into the request's own piece file): its
 * bytes never pass through JavaScript, so a crowd's uploads make no garbage per chunk and need no forced collections
 * (under 300 phones' videos: peak RSS ~200 MiB instead of ~590, p99 of other calls ~150 ms instead of 0.7–1 s on a
 * 2-core machine; BENCHMARKS.md, issue 22's seventh round). The guards of guarded-body.ts hold by looking at the
 * piece's size (written-body.ts): too few bytes in a stall window, a lost lease or a filling disk refuses the body.
 * A refusal settles `refused` at once, so the request is answered (which closes the connection and ends the write);
 * `stored` settles once the write has ended and what arrived joined the upload under the lease (nothing joins when the
 * lease is lost). A client that went away keeps what arrived, like any other body.
 */
export function receiveIntoPiece(lease: UploadLease, request: Request, pieces: PieceStorage, guards: BodyGuards) {
  const piece = pieces.pathOf(lease.id, lease.token);
  const written = Bun.write(piece, request).then(
    () => undefined,
    (error: unknown) => error ?? new Error("the body failed"),
  );
  let refusedWith: unknown;
  let renewedAtSize = 0;
  const watch = watchWrittenBody(piece, {
    ...guards,
    // Renewed only while bytes arrive: a frozen link lets go of the upload, and its client's next PATCH takes over.
    looked: async (size) => {
      if (size <= renewedAtSize || !lease.due()) return;
      renewedAtSize = size;
      await guards.renewLeaseIfDue();
    },
  });
  const refused = watch.refused.catch((error: unknown): never => {
    refusedWith = error;
    throw error;
  });
  refused.catch(() => {});

  const stored = (async () => {
    const failure = await written;
    watch.stop();
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

  return { stored, refused };
}
