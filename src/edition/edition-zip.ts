/**
 * The edition as a ZIP, for the Server screen's button (GET /api/edition.zip): the same export as the command line's,
 * written into a folder of the store's temp area (on disk, so a show's media never sits in memory), then streamed
 * file by file with client-zip (as src/export/stream.ts). That folder is under the disk guard as uploads are: refused
 * with 507 before a media file is written when what is left to write would leave less than the reserve free. It is
 * removed on every path: the export failing or refused, the download ending, broken off, or its client gone.
 * Without --base-url: every id and link is relative, so the unpacked folder works wherever it is served.
 */
import { makeZip } from "client-zip";
import { type FileHandle, mkdtemp, open, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { AuditActor } from "../audit/audit-record";
import type { AppContext } from "../context";
import { assertRoomFor } from "../media/disk-guard";
import { exportEdition, type RoomCheck } from "./edition-export";

const CHUNK_BYTES = 256 * 1024;
/** What the export keeps for its re-runs; meaningless in a download. */
const RERUN_LIST = ".casefile-edition.json";

/** `gone`: the request's signal, aborted when its client disconnects (then the folder is removed at once). */
export async function editionZip(ctx: AppContext, actor: AuditActor, gone: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const tempDir = ctx.store.tempDir;
  const reserve = ctx.config.diskReserveBytes;
  const room: RoomCheck = (bytesLeft) => (reserve === 0 ? Promise.resolve() : assertRoomFor(tempDir, reserve, bytesLeft));
  await room(0);
  const work = await mkdtemp(path.join(tempDir, "edition-"));
  let removed: Promise<void> | undefined;
  const remove = () => (removed ??= rm(work, { recursive: true, force: true }));
  const root = path.join(work, "edition");
  let names: string[];
  try {
    await exportEdition(ctx, root, undefined, { actor, download: true }, room);
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    names = entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).filter((name) => name !== RERUN_LIST);
  } catch (error) {
    await remove();
    throw error;
  }
  // A file still open keeps its disk space after it is removed: whatever ends the download closes it first.
  const reading = new Set<FileHandle>();
  const close = async (handle: FileHandle) => {
    if (reading.delete(handle)) await handle.close().catch(() => undefined);
  };
  const end = async () => {
    await Promise.all([...reading].map(close));
    await remove();
  };
  gone.addEventListener("abort", end, { once: true });
  if (gone.aborted) void end();
  const lastModified = new Date();
  const input = (full: string): ReadableStream<Uint8Array> => {
    let handle: FileHandle | undefined;
    return new ReadableStream({
      async pull(controller) {
        if (!handle) reading.add((handle = await open(full, "r")));
        const { bytesRead, buffer } = await handle.read(new Uint8Array(CHUNK_BYTES), 0, CHUNK_BYTES, null);
        if (bytesRead > 0) return controller.enqueue(buffer.subarray(0, bytesRead));
        await close(handle);
        controller.close();
      },
      cancel: () => (handle ? close(handle) : undefined),
    });
  };
  const zip = makeZip(
    names.sort().map((name) => ({ name: name.split(path.sep).join("/"), input: input(path.join(root, name)), lastModified })),
    { buffersAreUTF8: true },
  ).getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await zip.read();
        if (!done) return controller.enqueue(value);
        await end();
        controller.close();
      } catch (error) {
        await end();
        controller.error(error);
      }
    },
    async cancel(reason) {
      await zip.cancel(reason).catch(() => undefined);
      await end();
    },
  });
}
