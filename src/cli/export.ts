/**
 * `casefile export <file> [--q … --kind … --status … --visibility … --user … --from … --to …]`: the same ZIP as
 * GET /api/export, written to a file by the operator, who holds the database (no session needed). The ZIP is written
 * beside the target under a temporary name and renamed when complete, so a failed export leaves no half file.
 */
import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { readConsoleFilter, type ConsoleFilter } from "../desk/console-query";
import { planExport, type ExportPlan } from "../export/plan";
import { streamExport } from "../export/stream";
import { openMediaStore } from "../media/open-store";
import { asCliError, CliError } from "./errors";

/** The filters as the command line gives them: q, kind, status, visibility, user, from, to (the console's names). */
export type FilterParams = Record<string, string | undefined>;

export async function exportToFile(config: Config, file: string, params: FilterParams): Promise<ExportPlan> {
  const target = path.resolve(file);
  if (await Bun.file(target).exists()) throw new CliError(`${target} already exists; choose a new file name.`);
  if (!(await stat(path.dirname(target)).catch(() => undefined))?.isDirectory()) {
    throw new CliError(`The folder ${path.dirname(target)} does not exist.`);
  }
  let filters: ConsoleFilter;
  try {
    filters = readConsoleFilter(params);
  } catch (error) {
    throw asCliError(error);
  }
  const { db, client } = await openDatabase(config);
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.partial`);
  try {
    const plan = await planExport({ db }, { operator: true }, filters);
    const store = await openMediaStore(config);
    await pipeline(Readable.fromWeb(streamExport({ db, store }, plan) as never), createWriteStream(partial, { flags: "wx" }));
    await rename(partial, target);
    return plan;
  } finally {
    await rm(partial, { force: true });
    client.close();
  }
}
