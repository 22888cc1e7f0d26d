/**
 * Planning an export, apart from streaming it: who may, which items, how many bytes, and the name of each file in
 * the ZIP. Everything here is decided before the first byte is sent, so a refusal is still a clean HTTP error.
 */
import { isAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import { forbidden } from "../http/errors";
import { entryNamer } from "./entry-names";
import type { ExportFilters } from "./export-filters";
import { selectForExport, type ExportRow } from "./select-for-export";

/** Who asks: a signed-in user (admins only) or the operator at the command line, who holds the database itself. */
export type ExportRequester = { user: Pick<UserRow, "role"> } | { operator: true };

export type PlannedItem = ExportRow & {
  /** The original's name in the ZIP; null for notes, which travel in the manifests only. */
  entry: string | null;
};

export type ExportPlan = {
  createdAt: string;
  items: PlannedItem[];
  files: number;
  mediaBytes: number;
};

export async function planExport(ctx: Pick<AppContext, "db">, requester: ExportRequester, filters: ExportFilters): Promise<ExportPlan> {
  if ("user" in requester && !isAdmin(requester.user)) throw forbidden();
  const nameOf = entryNamer();
  const items = (await selectForExport(ctx, filters)).map((row) => ({
    ...row,
    entry: row.media ? nameOf(row.id, row.title, row.media.mime) : null,
  }));
  const withFiles = items.filter((item) => item.media);
  return {
    createdAt: new Date().toISOString(),
    items,
    files: withFiles.length,
    mediaBytes: withFiles.reduce((sum, item) => sum + item.media!.size, 0),
  };
}
