/** What the media thread is asked and answers (media-thread.ts sends, media-thread-worker.ts answers). */
import { type ByteRange, digestFile, type FileDigest } from "./file-digest";
import { writePublicCopy, type CopyJob, type WrittenCopy } from "./public-copy";

/** A photo's public copy, or a whole file's size and SHA-256. */
export type MediaTask = { copy: CopyJob } | { digest: { path: string; size: number; range?: ByteRange } };
export type MediaRequest = { id: number; task: MediaTask };
export type MediaAnswer = { id: number; result?: WrittenCopy | FileDigest; error?: string };

export const sizeOfTask = (task: MediaTask) => ("copy" in task ? task.copy.size : task.digest.size);

export async function answerMediaTask({ id, task }: MediaRequest): Promise<MediaAnswer> {
  try {
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
