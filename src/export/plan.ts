/**
 * Planning an export, apart from streaming it: who may, which items, how many bytes, and the name of each file in
 * the ZIP. Everything here is decided before the first byte is sent, so a refusal is still a clean HTTP error.
 */
import { isAdmin } from "../auth/guard";
import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import { forbidden } from "../http/errors";
import { entryNamer } from "./entry-names";
import type { ConsoleFilter } from "../desk/console-query";
import { selectForExport, type ExportRow } from "./select-for-export";

/**
 * Who asks: a signed-in user (admins only), the operator at the command line, who holds the database itself, or a
 * participant's own data (GET /api/user/data: only their own items).
 */
export type ExportRequester = { user: Pick<UserRow, "role"> } | { operator: true } | { participant: number };

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

export async function planExport(ctx: Pick<AppContext, "db">, requester: ExportRequester, filters: ConsoleFilter): Promise<ExportPlan> {
  if ("user" in requester && !isAdmin(requester.user)) throw forbidden();
  if ("participant" in requester && filters.userId !== requester.participant) throw forbidden();
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
