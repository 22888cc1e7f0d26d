/** What the media thread is asked and answers (media-thread.ts sends, media-thread-worker.ts answers). */
import { type ByteRange, digestFile, type FileDigest } from "./file-digest";
import { EXTRACTION_STEP_BYTES, extractionStep, type ExtractionProgress, type ExtractionStep } from "./part-extraction";
import { writePublicCopy, type CopyJob, type WrittenCopy } from "./public-copy";

/** A photo's public copy, a whole file's size and SHA-256, or a step of a file part's extraction (part-extraction.ts). */
export type MediaTask = { copy: CopyJob } | { digest: { path: string; size: number; range?: ByteRange } } | { extract: ExtractionStep };
export type MediaRequest = { id: number; task: MediaTask };
export type MediaAnswer = { id: number; result?: WrittenCopy | FileDigest | ExtractionProgress; error?: string };

export const sizeOfTask = (task: MediaTask) => ("copy" in task ? task.copy.size : "digest" in task ? task.digest.size : EXTRACTION_STEP_BYTES);

export async function answerMediaTask({ id, task }: MediaRequest): Promise<MediaAnswer> {
  try {
    if ("extract" in task) return { id, result: extractionStep(task.extract) };
    return { id, result: "copy" in task ? await writePublicCopy(task.copy) : await digestFile(task.digest.path, task.digest.range) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  } finally {
    // A copy's garbage (a photo held in memory, a video's header windows) is the media thread's alone: collecting it
    // here pauses no request, and left to the thread's collector 300 videos' worth piled up (bench/show-night.ts).
    // A digest reuses one buffer and leaves next to none.
    if ("copy" in task) Bun.gc(true);
  }
}
