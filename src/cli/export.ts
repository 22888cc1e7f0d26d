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
import { parseExportFilters, type ExportFilters, type FilterParams } from "../export/export-filters";
import { planExport, type ExportPlan } from "../export/plan";
import { streamExport } from "../export/stream";
import { openMediaStore } from "../server";
import { asCliError, CliError } from "./errors";

export async function exportToFile(config: Config, file: string, params: FilterParams): Promise<ExportPlan> {
  const target = path.resolve(file);
  if (await Bun.file(target).exists()) throw new CliError(`${target} already exists; choose a new file name.`);
  if (!(await stat(path.dirname(target)).catch(() => undefined))?.isDirectory()) {
    throw new CliError(`The folder ${path.dirname(target)} does not exist.`);
  }
  let filters: ExportFilters;
  try {
    filters = parseExportFilters(params);
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
