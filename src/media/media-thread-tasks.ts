/** What the media thread is asked and answers (media-thread.ts sends, media-thread-worker.ts answers). */
import { type ByteRange, digestFileSync, type FileDigest } from "./file-digest";
import { EXTRACTION_STEP_BYTES, extractionStep, type ExtractionProgress, type ExtractionStep } from "./part-extraction";
import { writePublicCopy, type CopyJob, type WrittenCopy } from "./public-copy";
import { type PackedPatches, unpackPatches, writePatchedCopySync } from "./strip/patched-copy";

/** A video's or recording's patched copy, its patches planned on the request thread. */
export type PatchedCopyTask = { source: string; target: string; size: number; patches: PackedPatches };

/**
 * A photo's public copy (or a video's whose header is too large for the request thread), a patched copy, a whole
 * file's size and SHA-256, or a step of a file part's extraction (part-extraction.ts).
 */
export type MediaTask =
  | { copy: CopyJob }
  | { patchedCopy: PatchedCopyTask }
  | { digest: { path: string; size: number; range?: ByteRange } }
  | { extract: ExtractionStep };
export type MediaRequest = { id: number; task: MediaTask };
export type MediaAnswer = { id: number; result?: WrittenCopy | boolean | FileDigest | ExtractionProgress; error?: string };

export function sizeOfTask(task: MediaTask): number {
  if ("copy" in task) return task.copy.size;
  if ("patchedCopy" in task) return task.patchedCopy.size;
  return "digest" in task ? task.digest.size : EXTRACTION_STEP_BYTES;
}

async function resultOf(task: MediaTask): Promise<NonNullable<MediaAnswer["result"]>> {
  if ("copy" in task) return writePublicCopy(task.copy);
  if ("patchedCopy" in task) return writePatchedCopySync(task.patchedCopy.source, task.patchedCopy.target, unpackPatches(task.patchedCopy.patches));
  return "digest" in task ? digestFileSync(task.digest.path, task.digest.range) : extractionStep(task.extract);
}

export async function answerMediaTask({ id, task }: MediaRequest): Promise<MediaAnswer> {
  try {
    return { id, result: await resultOf(task) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  } finally {
    // A copy's garbage (a photo held in memory, a video's header windows) is the media thread's alone: collecting it
    // here pauses no request, and left to the thread's collector 300 videos' worth piled up (bench/show-night.ts).
    // A digest reuses one buffer and leaves next to none.
    if ("copy" in task) Bun.gc(true);
  }
}
