import { extractOffThread, MediaThreadStopped, type MediaThread } from "./media-thread";
import type { BodyOnDisk, ExtractedPart, PartToExtract } from "./multipart-scan";
import { EXTRACTION_STEP_BYTES, type ExtractionProgress } from "./part-extraction";

/** A file part to copy out of `body` (a file still being written) into `target`, (re)written from its first byte. */
export type ArrivingPart = PartToExtract & { body: string; target: string };

let lastKey = 0;

/**
 * Copies a file part out of a body the runtime is still writing, step by step as it arrives, on the media thread
 * (part-extraction.ts), which also hashes it and finds its end: by the time the body has arrived, its part is in its
 * own file and hashed. Undefined when the media thread could not finish it (restarted for another task's overrun): the
 * caller then finds, copies and hashes the part itself — an upload is never refused for it.
 */
export async function extractArrivingPart(arriving: BodyOnDisk, part: ArrivingPart, extract: MediaThread["extract"] = extractOffThread): Promise<ExtractedPart | undefined> {
  const key = ++lastKey;
  let open = false;
  let through = part.contentAt;
  try {
    for (let first = true; ; first = false) {
      // Enough bytes that a step can settle at least one (a delimiter's worth is held back until what follows it is seen).
      const wanted = through + part.delimiter.length;
      const arrived = await arriving.reach(wanted);
      const to = Math.min(arrived, through + EXTRACTION_STEP_BYTES);
      const ended = arrived < wanted;
      const start = first ? { body: part.body, target: part.target, start: part.contentAt, delimiter: part.delimiter } : undefined;
      const progress: ExtractionProgress = await extract({ key, to, ended, start });
      if ("lost" in progress) return undefined;
      open = progress.end === undefined;
      if (progress.end !== undefined) return { found: true, end: progress.end, copied: { path: part.target, sha256: progress.sha256! } };
      if (progress.through > part.limitEnd) throw part.tooLong();
      if (ended) return { found: false };
      through = progress.through;
    }
  } catch (error) {
    if (!(error instanceof MediaThreadStopped)) throw error;
    open = false; // the thread that knew it is gone
    return undefined;
  } finally {
    if (open) extract({ key, drop: true }).catch(() => {});
  }
}
