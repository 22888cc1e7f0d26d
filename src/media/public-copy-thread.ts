import type { CopyAnswer, CopyJob, WrittenCopy } from "./public-copy";

/** A public copy the media thread did not finish: it ran past its time or the thread failed. The file is withheld. */
export class MediaThreadStopped extends Error {}

type Queued = { id: number; job: CopyJob; resolve: (written: WrittenCopy) => void; reject: (error: Error) => void };
/** Bun's Worker (the DOM's type, which the project's lib also brings, lacks ref/unref). */
type Thread = Worker & { ref(): void; unref(): void };

/**
 * Slowest pace a job may keep before it is stopped: 15 s, plus 1 s for every 5 MB (a 100 MB photo read from a slow
 * disk). The walkers are bounded on their own (bench/hostile.ts); this is the backstop for what they miss.
 */
export const copyTimeLimitMs = (job: CopyJob) => 15_000 + job.size / 5_000;

/**
 * One worker thread for the CPU-bound part of storing a photo (walking it in memory), so no photo, hostile or not,
 * holds up the thread that answers requests. Jobs run one at a time in arrival order (the callers are bounded
 * already: four files stored at once per process, media.service.ts, and the renditions job), so a job that overruns
 * is known: the thread is terminated, that job fails with MediaThreadStopped, and the next job
 * gets a fresh thread. Started at the first job, then kept (a new thread costs ~10 ms and ~13 MiB); it does not keep
 * the process alive while idle.
 */
export function mediaThread(program: string | URL, timeLimitMs: (job: CopyJob) => number = copyTimeLimitMs) {
  let worker: Thread | undefined;
  let running: (Queued & { timer: Timer }) | undefined;
  const waiting: Queued[] = [];
  let lastId = 0;

  function start(): Thread {
    const thread = new Worker(program) as Thread;
    thread.onmessage = ({ data }: MessageEvent<CopyAnswer>) => {
      const job = running;
      if (!job || data.id !== job.id) return;
      finish();
      if (data.error !== undefined) job.reject(new Error(data.error));
      else job.resolve(data.written!);
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
    const job = running;
    if (!job) return;
    finish();
    job.reject(new MediaThreadStopped(reason));
  }

  function next() {
    if (running) return;
    const job = waiting.shift();
    if (!job) return void worker?.unref();
    worker ??= start();
    worker.ref();
    const limit = timeLimitMs(job.job);
    running = { ...job, timer: setTimeout(() => stop(`the public copy took longer than ${Math.round(limit / 1000)} s`), limit) };
    worker.postMessage({ id: job.id, job: job.job });
  }

  /** Writes the job's public copy on the media thread. */
  return function copy(job: CopyJob): Promise<WrittenCopy> {
    return new Promise((resolve, reject) => {
      waiting.push({ id: ++lastId, job, resolve, reject });
      next();
    });
  };
}

/**
 * The media thread's program. In the executable every module is bundled into its entry at /$bunfs/root/, and the
 * program is an entry of its own at its path under src/ (scripts/build-exe.ts).
 */
const PROGRAM = import.meta.url.startsWith("file:///$bunfs/")
  ? new URL("./media/public-copy-worker.ts", import.meta.url)
  : new URL("./public-copy-worker.ts", import.meta.url);

export const writePublicCopyOffThread = mediaThread(PROGRAM);
