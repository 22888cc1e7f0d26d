/**
 * Runs redaction jobs on this instance (queued by PUT /api/evidence/:id/redactions), with the renditions' limits:
 * RENDITION_JOBS at once (at least one while renditions run at all), RENDITION_TIME_LIMIT_SECONDS, the tools' memory
 * bound. A version's copy and its "done" are written in one batch with the job's end, and only while the version is
 * still pending; a newer version does not stop an older one's job (its copy is simply never current).
 */
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { mediaFiles } from "../db/media-files";
import { redactions } from "../db/redactions";
import { forgetPublicPages } from "../evidence/public-page-cache";
import { startJobRunner, type JobRunner } from "../jobs/job-runner";
import type { Tools } from "../renditions/tools";
import { makeRedactedCopy } from "./make-redacted-copy";

export function startRedactions(ctx: AppContext, tools: Tools, copiesMade: () => void): JobRunner | undefined {
  const { jobs, timeLimitMs } = ctx.config.renditions;
  if (jobs === 0 || !tools.ffmpeg || !tools.ffprobe) return undefined;
  return startJobRunner(ctx.db, {
    kind: "redaction",
    concurrency: jobs,
    async enqueue() {},
    async run(job, signal) {
      const made = await makeRedactedCopy(ctx, tools, Number(job.subject), { timeLimitMs, signal });
      if (!made) return [];
      return [
        ctx.db.insert(mediaFiles).values(made.media),
        ctx.db
          .update(redactions)
          .set({ status: "done", mediaId: made.media.id, madeAt: new Date().toISOString(), error: null })
          .where(and(eq(redactions.id, made.version.id), eq(redactions.status, "pending"))),
      ];
    },
    done() {
      forgetPublicPages(ctx.db);
      // The copy's own renditions (thumbnail, poster, waveform, display) are the renditions jobs' next work.
      copiesMade();
    },
  });
}
