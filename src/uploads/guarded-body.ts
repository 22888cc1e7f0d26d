import { badRequest, type HttpError } from "../http/errors";
import { pastLength } from "./tus-headers";
import { RECHECK_EVERY_BYTES } from "./body-size";
import { bodyCounter } from "../media/body-collection";
import { stalled } from "./stall-guard";

const interrupted = (): never => {
  throw badRequest("The upload was interrupted. Please try again.");
};

export type BodyGuards = {
  /** The most bytes the body may carry (Upload-Length minus the offset): the rest is refused. */
  maxBytes: number;
  /** The refusal of bytes past maxBytes (the default: tus's "past the upload's declared length"). */
  pastLimit?: () => HttpError;
  /** A body receiving fewer than minBytesPerWindow in this long is ended with 408 (see stallGuard). */
  stallMs: number;
  minBytesPerWindow: number;
  /**
   * Renews the lease when due; throws when it is lost. Called before each chunk is handed over (here), and while bytes
   * arrive for a body the runtime writes (piece-body.ts).
   */
  renewLeaseIfDue(): Promise<void>;
  /** Throws (507) when the disk would run low with `remaining` more bytes; called every RECHECK_EVERY_BYTES. */
  checkDisk(remaining: number): Promise<void>;
};

/**
 * The request body as storage should see it: each chunk handed over as it arrives (no copy, nothing held back), only
 * under a live lease, within the upload's length, with stalls and a filling disk ended. When the body fails (the
 * client went away, it stalled, the disk fills), what arrived before it was handed over already (the part of a chunk
 * within the length too), and then the failure. One chunk is read ahead (highWaterMark 1): it was handed over under
 * the lease and is written right after the one before it, well within the lease's time.
 * Holding a slow phone's chunks to write them as one piece cost a copy of every byte (Buffer.concat) and up to a
 * second of its bytes in memory per upload; with hundreds of phones that was the crowd's memory (BENCHMARKS.md).
 */
export function guardedBody(source: ReadableStream<Uint8Array> | null, guards: BodyGuards): ReadableStream<Uint8Array> {
  const reader = source?.getReader();
  let received = 0;
  let inWindow = 0;
  let nextDiskCheck = RECHECK_EVERY_BYTES;

  const counted = bodyCounter();
  // A stall cancels the source, which ends a pending read (racing each read against a long-lived "stalled" promise
  // instead would keep every chunk read alive through that promise's reactions).
  let stalledOut = false;
  const stallTimer = setInterval(() => {
    if (inWindow < guards.minBytesPerWindow) {
      stalledOut = true;
      reader?.cancel().catch(() => {});
    }
    inWindow = 0;
  }, guards.stallMs);
  const finish = () => {
    clearInterval(stallTimer);
    reader?.cancel().catch(() => {});
  };

  /** The next chunk to hand over, or undefined at the end; throws when the body must end. */
  async function next(): Promise<Uint8Array | undefined> {
    const { value } = reader ? await reader.read().catch(interrupted) : { value: undefined };
    if (stalledOut) throw stalled();
    if (!value) return undefined;
    inWindow += value.byteLength;
    await counted(value.byteLength);
    const room = guards.maxBytes - received;
    received += value.byteLength;
    if (value.byteLength > room) throw Object.assign((guards.pastLimit ?? pastLength)(), { within: value.subarray(0, Math.max(room, 0)) });
    if (received >= nextDiskCheck) {
      nextDiskCheck = received + RECHECK_EVERY_BYTES;
      await guards.checkDisk(guards.maxBytes - received);
    }
    return value;
  }

  let failure: unknown;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (failure !== undefined) return controller.error(failure);
        try {
          const chunk = await next();
          await guards.renewLeaseIfDue();
          if (chunk) return controller.enqueue(chunk);
          finish();
          controller.close();
        } catch (error) {
          finish();
          failure = error;
          // Storage keeps the part of an overlong chunk that fits (under a live lease), then learns of the failure at
          // the next pull (erroring now would drop the chunk from the queue).
          const within = (error as { within?: Uint8Array }).within;
          if (!within?.byteLength) return controller.error(error);
          try {
            await guards.renewLeaseIfDue();
            controller.enqueue(within);
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
