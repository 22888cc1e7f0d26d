/**
 * `casefile archive export <folder> [--base-url https://…/]`: the public archive's static edition (src/edition),
 * written by the operator, who holds the database; safe while the server runs.
 */
import path from "node:path";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { EditionFolderError } from "../edition/edition-writer";
import { exportEdition, readBaseUrl, type EditionSummary } from "../edition/edition-export";
import { openMediaStore } from "../media/open-store";
import { CliError } from "./errors";

export async function archiveExport(config: Config, folder: string, baseUrlText: string | undefined): Promise<EditionSummary> {
  let baseUrl: string | undefined;
  try {
    baseUrl = readBaseUrl(baseUrlText);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const { db, client } = await openDatabase(config);
  try {
    const store = await openMediaStore(config);
    return await exportEdition({ config, db, store }, path.resolve(folder), baseUrl);
  } catch (error) {
    if (error instanceof EditionFolderError) throw new CliError(error.message);
    throw error;
  } finally {
    client.close();
  }
}
