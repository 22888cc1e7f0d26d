/**
 * The edition as a ZIP, for the Server screen's button (GET /api/edition.zip): the same export as the command line's,
 * written into a folder of the store's temp area (on disk, so a show's media never sits in memory), then streamed
 * file by file with client-zip (as src/export/stream.ts) and removed when the download ends or is broken off.
 * Without --base-url: every id and link is relative, so the unpacked folder works wherever it is served.
 */
import { makeZip } from "client-zip";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { AuditActor } from "../audit/audit-record";
import type { AppContext } from "../context";
import { exportEdition } from "./edition-export";

/** What the export keeps for its re-runs; meaningless in a download. */
const RERUN_LIST = ".casefile-edition.json";

export async function editionZip(ctx: AppContext, actor: AuditActor): Promise<ReadableStream<Uint8Array>> {
  const work = await mkdtemp(path.join(ctx.store.tempDir, "edition-"));
  const root = path.join(work, "edition");
  let names: string[];
  try {
    await exportEdition(ctx, root, undefined, { actor, download: true });
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    names = entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).filter((name) => name !== RERUN_LIST);
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
  const lastModified = new Date();
  async function* files() {
    try {
      for (const name of names.sort()) yield { name: name.split(path.sep).join("/"), input: Bun.file(path.join(root, name)).stream(), lastModified };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  return makeZip(files(), { buffersAreUTF8: true });
}
