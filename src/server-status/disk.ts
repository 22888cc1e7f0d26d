/** Free space of the volumes casefile writes to, and what is stored there, as the Server screen and /metrics show them. */
import { statfs, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { AppContext } from "../context";

export type Volume = { path: string; freeBytes: number; totalBytes: number };

async function volume(dir: string): Promise<Volume> {
  const { bavail, blocks, bsize } = await statfs(dir);
  return { path: dir, freeBytes: bavail * bsize, totalBytes: blocks * bsize };
}

/**
 * The media volume is where uploads land on this machine: the local store's folder, or with S3 the staging area
 * (the bucket's own space is the S3 server's to report). The database volume is known only for a database file.
 */
export async function volumes(ctx: AppContext): Promise<{ media: Volume; database: Volume | undefined }> {
  const { databaseUrl } = ctx.config;
  const media = await volume(ctx.config.mediaStore === "local" ? ctx.config.uploadsDir : ctx.store.tempDir);
  const database = databaseUrl.startsWith("file:") ? await volume(path.dirname(path.resolve(databaseUrl.slice("file:".length)))) : undefined;
  return { media, database };
}

/** Bytes of the database (pages in use, as the database itself counts them: a file or a libSQL server alike). */
export async function databaseBytes(ctx: AppContext): Promise<number> {
  const { databaseUrl } = ctx.config;
  if (databaseUrl.startsWith("file:")) {
    const file = path.resolve(databaseUrl.slice("file:".length));
    const sizes = await Promise.all(["", "-wal"].map((suffix) => stat(file + suffix).then((s) => s.size, () => 0)));
    return sizes[0]! + sizes[1]!;
  }
  const [row] = await ctx.db.all<{ bytes: number }>(sql`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`);
  return Number(row?.bytes ?? 0);
}

/** Bytes of every stored media file (originals, public copies, the show's media), and those stored in the last hour. */
export async function mediaBytes(ctx: AppContext): Promise<{ total: number; lastHour: number }> {
  const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
  const [row] = await ctx.db.all<{ total: number; last_hour: number }>(sql`
    select coalesce(sum(total), 0) as total, coalesce(sum(last_hour), 0) as last_hour from (
      select size + coalesce(public_size, 0) as total, case when created_at >= ${hourAgo} then size + coalesce(public_size, 0) else 0 end as last_hour from media_files
      union all
      select size, case when created_at >= ${hourAgo} then size else 0 end from show_media
    )`);
  return { total: Number(row?.total ?? 0), lastHour: Number(row?.last_hour ?? 0) };
}
