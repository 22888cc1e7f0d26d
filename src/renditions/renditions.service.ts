import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { RenditionKind } from "../db/media-renditions";

export const RENDITION_KINDS: RenditionKind[] = ["display", "poster", "thumbnail", "peaks"];

/** Renditions live beside their file in the store, so deleting a file's keys deletes them too (discardStored). */
export const renditionKey = (storeKey: string, kind: RenditionKind) => `${storeKey}.${kind}`;

export const renditionUrl = (mediaId: string, kind: RenditionKind) => `/api/media/${mediaId}/${kind}`;

export type RenditionJson = { kind: RenditionKind; mime: string; url: string };
export type RenditionsOf = { renditions: RenditionJson[]; preparing: boolean };

/** The renditions of each media file, and whether they are being made (its job waits or runs), in one query. */
export async function renditionsOf(db: Database, mediaIds: (string | null)[]): Promise<Map<string, RenditionsOf>> {
  const ids = [...new Set(mediaIds.filter((id): id is string => !!id))];
  const found = new Map<string, RenditionsOf>();
  if (ids.length === 0) return found;
  const rows = (await db.all(sql`select m.id, r.kind, r.mime, j.state from media_files m
      left join media_renditions r on r.media_id = m.id
      left join jobs j on j.kind = 'renditions' and j.subject = m.id
      where m.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`)) as { id: string; kind: RenditionKind | null; mime: string | null; state: string | null }[];
  for (const row of rows) {
    let entry = found.get(row.id);
    if (!entry) {
      entry = { renditions: [], preparing: row.state === "pending" || row.state === "running" };
      found.set(row.id, entry);
    }
    if (row.kind && row.mime) entry.renditions.push({ kind: row.kind, mime: row.mime, url: renditionUrl(row.id, row.kind) });
  }
  return found;
}

/** Adds each listed item's renditions (see evidenceJson); returns the same list. */
export async function withRenditions<T extends { item: { mediaId: string | null }; renditions?: RenditionsOf }>(db: Database, listed: T[]): Promise<T[]> {
  const found = await renditionsOf(db, listed.map((l) => l.item.mediaId));
  for (const l of listed) l.renditions = (l.item.mediaId && found.get(l.item.mediaId)) || undefined;
  return listed;
}
