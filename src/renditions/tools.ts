/**
 * The programs renditions are made with, found on PATH at start: ffmpeg and ffprobe (video, audio, posters,
 * thumbnails) and libheif's heif-convert (HEIC/HEIF photos, which Debian's ffmpeg 5.1 cannot decode). Each run is
 * bounded: it runs at the lowest CPU priority (nice 19, so requests come first on a 2-core laptop), within an address
 * space limit (prlimit), is killed at its time limit, and its standard output is read up to a size.
 */
import { JobFailure } from "../jobs/job-runner";

export type Tools = { ffmpeg?: string; ffprobe?: string; heifConvert?: string; nice?: string; prlimit?: string };

export const findTools = (): Tools => ({
  ffmpeg: Bun.which("ffmpeg") ?? undefined,
  ffprobe: Bun.which("ffprobe") ?? undefined,
  heifConvert: Bun.which("heif-convert") ?? undefined,
  nice: Bun.which("nice") ?? undefined,
  prlimit: Bun.which("prlimit") ?? undefined,
});

/** What the server can and cannot make with the tools it found, in an operator's words. */
export function toolReport(tools: Tools): { found: string[]; missing: string[] } {
  const found: string[] = [];
  const missing: string[] = [];
  (tools.ffmpeg && tools.ffprobe ? found : missing).push("ffmpeg and ffprobe (video and audio copies every browser plays, posters, thumbnails, waveforms)");
  (tools.heifConvert ? found : missing).push("heif-convert from libheif (HEIC/HEIF photos, as iPhones take them, shown as JPEG)");
  return { found, missing };
}


/** Address space a tool may use: x264 at 1080p with its threads stays far below; a decompression bomb does not. */
const ADDRESS_SPACE_BYTES = 4 * 1024 * 1024 * 1024;
const STDERR_KEPT = 400;
/** CPU seconds a tool may use per second of its time limit (one thread each since issue 42; slack for x264's own). */
const CPU_SECONDS_PER_SECOND = 3;

/** `jobLimitMs`: the whole job's limit, named when a tool is stopped (timeLimitMs is what was left of it for this tool). */
export type RunLimits = { timeLimitMs: number; jobLimitMs?: number; signal: AbortSignal; maxStdoutBytes?: number; onStdout?: (chunk: Uint8Array) => void };

/** Runs argv (argv[0] a tool's path) within the limits; resolves with what it wrote to standard output. */
export async function runTool(tools: Tools, argv: string[], limits: RunLimits): Promise<Uint8Array> {
  const bounded = [
    ...(tools.nice ? [tools.nice, "-n", "19"] : []),
    // The CPU limit also ends a tool whose server died (kill -9) before its time limit could: an orphan stays bounded.
    ...(tools.prlimit ? [tools.prlimit, `--as=${ADDRESS_SPACE_BYTES}`, `--cpu=${Math.ceil((limits.timeLimitMs / 1000) * CPU_SECONDS_PER_SECOND)}`] : []),
    ...argv,
  ];
  const child = Bun.spawn(bounded, { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  let timedOut = false;
  let tooLarge = false;
  const kill = () => child.kill("SIGKILL");
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, limits.timeLimitMs);
  limits.signal.addEventListener("abort", kill, { once: true });
  try {
    const maxStdout = limits.maxStdoutBytes ?? 1024 * 1024;
    const kept: Uint8Array[] = [];
    let stdoutBytes = 0;
    const stderr = new Response(child.stderr).text();
    const reader = child.stdout.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const chunk = read.value;
      stdoutBytes += chunk.length;
      if (limits.onStdout) limits.onStdout(chunk);
      else if (stdoutBytes <= maxStdout) kept.push(chunk);
      else {
        tooLarge = true;
        kill();
        break;
      }
    }
    const code = await child.exited;
    const tail = (await stderr).trim().slice(-STDERR_KEPT);
    const name = argv[0]!.split("/").pop();
    if (limits.signal.aborted) throw new JobFailure(`${name} was stopped (${String(limits.signal.reason ?? "the server is stopping")}).`, false);
    if (timedOut) throw new JobFailure(`${name} took longer than the time limit (${Math.round((limits.jobLimitMs ?? limits.timeLimitMs) / 1000)} s) and was stopped.`, true);
    if (tooLarge) throw new JobFailure(`${name} wrote more than ${maxStdout} bytes and was stopped.`, true);
    if (code !== 0) throw new JobFailure(`${name} could not read the file (exit ${code}): ${tail || "no message"}`, true);
    return Buffer.concat(kept);
  } finally {
    clearTimeout(timer);
    limits.signal.removeEventListener("abort", kill);
  }
}
