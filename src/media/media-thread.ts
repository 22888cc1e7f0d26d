import { type ByteRange, digestFile, type FileDigest } from "./file-digest";
import { sizeOfTask, type MediaAnswer, type MediaTask } from "./media-thread-tasks";
import type { ExtractionProgress, ExtractionStep } from "./part-extraction";
import type { CopyJob, WrittenCopy } from "./public-copy";
import type { Patch } from "./strip/patch";
import { packPatches } from "./strip/patched-copy";

/** A task the media thread did not finish: it ran past its time or the thread failed. */
export class MediaThreadStopped extends Error {}

type Queued = { id: number; task: MediaTask; resolve: (result: unknown) => void; reject: (error: Error) => void };
/** Bun's Worker (the DOM's type, which the project's lib also brings, lacks ref/unref). */
type Thread = Worker & { ref(): void; unref(): void };

/**
 * Slowest pace a task may keep before it is stopped: 15 s, plus 1 s for every 5 MB (a 100 MB photo read from a slow
 * disk). The walkers are bounded on their own (bench/hostile.ts); this is the backstop for what they miss.
 */
export const taskTimeLimitMs = (task: MediaTask) => 15_000 + sizeOfTask(task) / 5_000;

/**
 * One worker thread for the CPU-bound work of storing a file — walking a photo in memory, hashing a finished upload —
 * so no file, hostile or not, holds up the thread that answers requests. Tasks run one at a time in arrival order
 * (the callers are bounded already: four files stored at once per process, media.service.ts; a finalise per
 * finished upload, and a participant has at most UPLOAD_PENDING_MAX of those), so a task that overruns is known: the
 * thread is terminated, that task fails with MediaThreadStopped, and the next one gets a fresh thread. Started at
 * the first task, then kept (a new thread costs ~10 ms and ~13 MiB); it does not keep the process alive while idle.
 */
export function mediaThread(program: string | URL, timeLimitMs: (task: MediaTask) => number = taskTimeLimitMs) {
  let worker: Thread | undefined;
  let running: (Queued & { timer: Timer }) | undefined;
  const waiting: Queued[] = [];
  let lastId = 0;

  function start(): Thread {
    const thread = new Worker(program) as Thread;
    thread.onmessage = ({ data }: MessageEvent<MediaAnswer>) => {
      const task = running;
      if (!task || data.id !== task.id) return;
      finish();
      if (data.error !== undefined) task.reject(new Error(data.error));
      else task.resolve(data.result);
    };
    thread.onerror = (event) => {
      event.preventDefault();
      if (worker === thread) stop(`the media thread failed: ${event.message}`);
    };
    thread.addEventListener("close", () => {
      if (worker === thread) stop("the media thread ended");
    });
    return thread;
  }

  function finish() {
    clearTimeout(running!.timer);
    running = undefined;
    queueMicrotask(next);
  }

  function stop(reason: string) {
    const thread = worker;
    worker = undefined;
    thread?.terminate();
    const task = running;
    if (!task) return;
    finish();
    task.reject(new MediaThreadStopped(reason));
  }

  function next() {
    if (running) return;
    const task = waiting.shift();
    if (!task) return void worker?.unref();
    worker ??= start();
    worker.ref();
    const limit = timeLimitMs(task.task);
    running = { ...task, timer: setTimeout(() => stop(`the media thread's task took longer than ${Math.round(limit / 1000)} s`), limit) };
    worker.postMessage({ id: task.id, task: task.task });
  }

  function run<T>(task: MediaTask): Promise<T> {
    return new Promise((resolve, reject) => {
      waiting.push({ id: ++lastId, task, resolve: resolve as (result: unknown) => void, reject });
      next();
    });
  }

  return {
    /** Writes the job's public copy. */
    copy: (job: CopyJob) => run<WrittenCopy>({ copy: job }),
    /** The file's size and SHA-256 (or a range's); `size` sets the time limit. */
    digest: (path: string, size: number, range?: ByteRange) => run<FileDigest>({ digest: { path, size, range } }),
    /** A video's or recording's patched copy (patched-copy.ts); whether anything changed. `size` sets the time limit. */
    patchedCopy: (source: string, target: string, patches: Patch[], size: number) =>
      run<boolean>({ patchedCopy: { source, target, size, patches: packPatches(patches) } }),
    /** A step of a file part's extraction from a body still arriving (part-extraction.ts). */
    extract: (step: ExtractionStep) => run<ExtractionProgress>({ extract: step }),
  };
}

/**
 * The media thread's program. In the executable the program is an entry of its own at its path under src/, beside
 * the main entry at /$bunfs/root/ (Bun.main; scripts/build-exe.ts). Bun.main, not import.meta.url: this module is
 * bundled into a chunk of the executable, not at its path under src/.
 */
const PROGRAM = Bun.main.startsWith("/$bunfs/")
  ? new URL("./media/media-thread-worker.ts", `file://${Bun.main}`)
  : new URL("./media-thread-worker.ts", import.meta.url);

const theMediaThread = mediaThread(PROGRAM);
export type MediaThread = typeof theMediaThread;
export const extractOffThread = theMediaThread.extract;

export const writePublicCopyOffThread = theMediaThread.copy;
export const writePatchedCopyOffThread = theMediaThread.patchedCopy;

/**
 * A finished upload's size and SHA-256, from the media thread (reading and hashing a crowd's videos took a third of
 * the request thread; BENCHMARKS.md, issue 22's seventh round). Should that thread stop, the file is hashed here
 * instead: a participant's upload is never refused for it.
 */
export function digestOffThread(path: string, size: number, thread = theMediaThread, range?: ByteRange): Promise<FileDigest> {
  return thread.digest(path, size, range).catch((error) => {
    if (!(error instanceof MediaThreadStopped)) throw error;
    console.warn(`a file of ${size} bytes was hashed on the request thread: ${error.message}`);
    return digestFile(path, range);
  });
}
