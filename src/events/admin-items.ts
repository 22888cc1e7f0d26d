/** The admin view of items by id, as the admin list shows them, for the events stream. */
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { evidence } from "../db/evidence";
import { mediaFiles } from "../db/media-files";
import { users } from "../db/users";
import { evidenceJson } from "../evidence/evidence-json";

export type AdminItem = ReturnType<typeof evidenceJson>;

export async function adminItems(db: Database, ids: number[]): Promise<Map<number, AdminItem>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      item: evidence,
      username: users.username,
      avatarMediaId: users.avatarMediaId,
      fullName: users.fullName,
      media: { size: mediaFiles.size, mime: mediaFiles.mime, sha256: mediaFiles.sha256 },
    })
    .from(evidence)
    .innerJoin(users, eq(users.id, evidence.userId))
    .leftJoin(mediaFiles, eq(mediaFiles.id, evidence.mediaId))
    .where(inArray(evidence.id, ids));
  return new Map(rows.map((row) => [row.item.id, evidenceJson(row)]));
}
