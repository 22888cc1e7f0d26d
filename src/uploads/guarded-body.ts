import { badRequest } from "../http/errors";
import { pastLength } from "./tus-headers";
import { RECHECK_EVERY_BYTES } from "../media/disk-guard";
import { countBodyBytes } from "../media/body-collection";
import { STALL_MIN_BYTES, stalled } from "../media/multipart";

const interrupted = (): never => {
  throw badRequest("The upload was interrupted. Please try again.");
};

/**
 * Body bytes are handed to storage in pieces of up to this size, one read ahead while the last is written. Measured
 * on a 1 GiB PATCH (local store): 256 KiB pieces cost about half the CPU of 1 MiB ones (large Buffer.concat copies of
 * fresh, unpaged memory) and peak ~20 MB lower; 64 KiB pieces (one write per network chunk) cost more again.
 */
const PIECE_BYTES = 256 * 1024;
/** A slow phone's bytes are handed over once the first of them has waited this long (not held until a piece fills). */
const HAND_OVER_AFTER_MS = 1000;

export type BodyGuards = {
  /** The most bytes the body may carry (Upload-Length minus the offset): the rest is refused. */
  maxBytes: number;
  /** A body receiving fewer than minBytesPerWindow (at least STALL_MIN_BYTES) in this long is ended with 408. */
  stallMs: number;
  /**
   * The least a window must bring: UPLOAD_MIN_BYTES_PER_SECOND × the window. A fixed floor let a client drip 273 B/s
   * (16 KiB a minute) and hold a connection for hours.
   */
  minBytesPerWindow: number;
  /** Whether the upload's lease wants renewing: bytes received so far are then handed over early. */
  renewalDue(): boolean;
  /** Renews the lease when due; throws when it is lost. Runs before each piece is handed over. */
  beforeHandOver(): Promise<void>;
  /** Throws (507) when the disk would run low with `remaining` more bytes; called every RECHECK_EVERY_BYTES. */
  checkDisk(remaining: number): Promise<void>;
};

/**
 * The request body as storage should see it: pieces of up to PIECE_BYTES, each handed over only under a live lease,
 * within the upload's length, with stalls and a filling disk ended. When the body fails (the client went away, it
 * stalled, the disk fills), what arrived before is still handed over (if the lease holds), and then the failure.
 * One piece is read ahead (highWaterMark 1): it was handed over under the lease and is written right after the one
 * before it, well within the lease's time.
 */
export function guardedBody(source: ReadableStream<Uint8Array> | null, guards: BodyGuards): ReadableStream<Uint8Array> {
  const reader = source?.getReader();
  let received = 0;
  let inWindow = 0;
  let nextDiskCheck = RECHECK_EVERY_BYTES;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let pendingSince = 0;
  let failure: unknown;

  // A stall cancels the source, which ends a pending read (racing each read against a long-lived "stalled" promise
  // instead would keep every chunk read alive through that promise's reactions).
  let stalledOut = false;
  const minInWindow = Math.max(STALL_MIN_BYTES, guards.minBytesPerWindow);
  const stallTimer = setInterval(() => {
    if (inWindow < minInWindow) {
      stalledOut = true;
      reader?.cancel().catch(() => {});
    }
    inWindow = 0;
  }, guards.stallMs);
  const finish = () => {
    clearInterval(stallTimer);
    reader?.cancel().catch(() => {});
  };

  const takePending = () => {
    const piece = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    return piece;
  };
  const handOver = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    await guards.beforeHandOver();
    if (pendingBytes > 0) controller.enqueue(takePending());
  };

  async function readSome(controller: ReadableStreamDefaultController<Uint8Array>): Promise<"more" | "handed" | "done"> {
    const { value } = reader ? await reader.read().catch(interrupted) : { value: undefined };
    if (stalledOut) throw stalled();
    if (!value) {
      await handOver(controller);
      return "done";
    }
    inWindow += value.byteLength;
    countBodyBytes(value.byteLength);
    const room = guards.maxBytes - received;
    received += value.byteLength;
    if (value.byteLength > room) {
      if (room > 0) pending.push(value.subarray(0, room));
      pendingBytes += Math.max(room, 0);
      throw pastLength();
    }
    if (pendingBytes === 0) pendingSince = Date.now();
    pending.push(value);
    pendingBytes += value.byteLength;
    if (received >= nextDiskCheck) {
      nextDiskCheck = received + RECHECK_EVERY_BYTES;
      await guards.checkDisk(guards.maxBytes - received);
    }
    if (pendingBytes < PIECE_BYTES && Date.now() - pendingSince < HAND_OVER_AFTER_MS && !guards.renewalDue()) return "more";
    await handOver(controller);
    return "handed";
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (failure !== undefined) return controller.error(failure);
        try {
          let step: "more" | "handed" | "done";
          do step = await readSome(controller);
          while (step === "more");
          if (step === "done") {
            finish();
            controller.close();
          }
        } catch (error) {
          finish();
          failure = error;
          // Storage keeps what arrived before the failure (under a live lease), then learns of the failure.
          if (pendingBytes === 0) return controller.error(error);
          try {
            await handOver(controller);
          } catch (lost) {
            failure = lost;
            controller.error(lost);
          }
        }
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 1 },
  );
}
