import { count, eq, max, sum } from "drizzle-orm";
import type { Database } from "../db/client";
import { evidence } from "../db/evidence";
import { mediaFiles } from "../db/media-files";
import { notFound } from "../http/errors";
import { findUserById } from "../users/users.service";

export type Activity = { itemCount: number; lastActivity: string | null };

/** Per participant: how many items they sent and when they sent the latest (users without items are absent). */
export async function participantActivity(db: Database): Promise<Map<number, Activity>> {
  const rows = await db
    .select({ userId: evidence.userId, itemCount: count(), lastActivity: max(evidence.datePosted) })
    .from(evidence)
    .groupBy(evidence.userId);
  return new Map(rows.map(({ userId, ...activity }) => [userId, activity]));
}

export const NO_ACTIVITY: Activity = { itemCount: 0, lastActivity: null };

/** What deleting the account takes with it: its items, and every file it owns (items', thumbnails, photos). */
export async function participantSummary(db: Database, id: number): Promise<{ items: number; files: number; bytes: number }> {
  if (!(await findUserById(db, id))) throw notFound("No such user.");
  const [[items], [files]] = await Promise.all([
    db.select({ n: count() }).from(evidence).where(eq(evidence.userId, id)),
    db.select({ n: count(), bytes: sum(mediaFiles.size) }).from(mediaFiles).where(eq(mediaFiles.ownerId, id)),
  ]);
  return { items: items!.n, files: files!.n, bytes: Number(files!.bytes ?? 0) };
}
