/**
 * Makes renditions in the background on this instance: every stored media file gets a job (backfilled at start
 * for files stored before), run at low priority RENDITION_JOBS at a time. Without ffmpeg nothing is queued, and
 * everything works as before with the originals.
 */
import type { AppContext } from "../context";
import { mediaRenditions } from "../db/media-renditions";
import { forgetPublicPages } from "../evidence/public-page-cache";
import { enqueueMedia } from "../jobs/job-queue";
import { startJobRunner, type JobRunner } from "../jobs/job-runner";
import { makeRenditions } from "./make-renditions";
import type { Tools } from "./tools";
import { eq, sql } from "drizzle-orm";
import { mediaFiles } from "../db/media-files";

const LOOK_BACK_MS = 24 * 60 * 60_000;

export function startRenditions(ctx: AppContext, tools: Tools): JobRunner | undefined {
  const { jobs, timeLimitMs } = ctx.config.renditions;
  if (jobs === 0 || !tools.ffmpeg || !tools.ffprobe) return undefined;
  // The first look takes every file (those stored before renditions were made, or while this server was down), then
  // each looks back a day: a row is written once its file is stored, which for a large file in S3 takes minutes.
  let lookedAt: number | undefined;
  return startJobRunner(ctx.db, {
    kind: "renditions",
    concurrency: jobs,
    async enqueue() {
      const now = Date.now();
      const held = await enqueueMedia(ctx.db, "renditions", lookedAt === undefined ? undefined : new Date(lookedAt - LOOK_BACK_MS).toISOString());
      // A file held back by its owner's limit on queued jobs is looked for again, however old, until it has its job.
      lookedAt = held ? undefined : now;
    },
    async run(job, signal) {
      const made = await makeRenditions(ctx, tools, job.subject, { timeLimitMs, signal });
      // The file was deleted while its copies were made: they go too (its own deletion could not know of them).
      const [still] = await ctx.db.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.id, job.subject));
      if (!still) {
        await Promise.all(made.map((row) => ctx.store.delete(row.storeKey)));
        return [];
      }
      return made.map((row) =>
        ctx.db
          .insert(mediaRenditions)
          .values(row)
          .onConflictDoUpdate({ target: [mediaRenditions.mediaId, mediaRenditions.kind], set: { mime: sql`excluded.mime`, size: sql`excluded.size`, storeKey: sql`excluded.store_key`, createdAt: sql`excluded.created_at` } }),
      );
    },
    done: () => forgetPublicPages(ctx.db),
  });
}
