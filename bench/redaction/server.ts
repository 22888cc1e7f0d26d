/**
 * Server time of a redacted copy (issue 46): seconds per minute of 720p video for the redacted copy with two moving
 * regions (keyframes every second, one blurred, one boxed) and a disguised voice, against a plain H.264 re-encode of
 * the same video with the renditions' recipe (h264-mp4) measured in the same run.
 * Run: node_modules/.bin/bun bench/redaction/server.ts   env: REDACTION_BENCH_SECONDS (60), the video's length
 *
 * Both commands run as the job runner runs them (nice 19, one thread each); wall and CPU time are the child's.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Keyframe, RedactionPlan } from "../../src/redaction/redaction-plan";
import { redactionArgs } from "../../src/redaction/redaction-recipe";
import { demuxerOf, recipeCommands } from "../../src/renditions/recipes";
import { findTools } from "../../src/renditions/tools";

const SECONDS = Math.max(6, Math.min(600, Number(process.env.REDACTION_BENCH_SECONDS ?? 60)));
const folder = await mkdtemp(path.join(tmpdir(), "casefile-redaction-bench-"));

async function timed(argv: string[]) {
  const started = performance.now();
  const child = Bun.spawn(["nice", "-n", "19", ...argv], { stdin: "ignore", stdout: "ignore", stderr: "pipe" });
  const code = await child.exited;
  if (code !== 0) throw new Error(`${argv[0]} failed: ${await new Response(child.stderr).text()}`);
  const usage = child.resourceUsage()!;
  return { wall: (performance.now() - started) / 1000, cpu: Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 };
}

/** A box circling around (cx, cy), one keyframe a second. */
const circling = (cx: number, cy: number, side: number): Keyframe[] =>
  Array.from({ length: SECONDS + 1 }, (_, s) => ({
    at_ms: s * 1000,
    x: cx + 0.1 * Math.cos(s / 3) - side / 2,
    y: cy + 0.1 * Math.sin(s / 3) - side / 2,
    width: side * (1 + 0.2 * Math.sin(s / 5)),
    height: side * (1 + 0.2 * Math.sin(s / 5)),
  }));

try {
  const source = path.join(folder, "source.mp4");
  console.log(`making a ${SECONDS} s 1280×720 H.264/AAC video…`);
  await timed([
    "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=30:duration=${SECONDS}`,
    "-f", "lavfi", "-i", `sine=frequency=150:duration=${SECONDS}`, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", source,
  ]);

  const tools = findTools();
  const [baselineArgv] = recipeCommands(tools, "h264-mp4", { source, demuxer: demuxerOf("video/mp4"), out: path.join(folder, "baseline.mp4"), kind: "display" });
  const faces = [circling(0.3, 0.4, 0.2), circling(0.7, 0.5, 0.15)];
  const plan: RedactionPlan = {
    regions: faces.map((keyframes, i) => ({ ...keyframes[0]!, keyframes, effect: i === 0 ? "blur" : "box" })),
    audio: [{ effect: "disguise" }],
  };
  const { args } = redactionArgs({
    kind: "video", mime: "video/mp4", source, target: path.join(folder, "redacted.mp4"), width: 1280, height: 720, durationMs: SECONDS * 1000, hasAudio: true, plan,
  });

  const baseline = await timed(baselineArgv!);
  const redacted = await timed([tools.ffmpeg!, ...args]);
  const perMinute = (s: number) => ((s * 60) / SECONDS).toFixed(1);
  console.log(`baseline (renditions h264-mp4): ${perMinute(baseline.wall)} s wall, ${perMinute(baseline.cpu)} s CPU per minute of 720p video`);
  console.log(`redacted (2 moving regions + disguised voice): ${perMinute(redacted.wall)} s wall, ${perMinute(redacted.cpu)} s CPU per minute of 720p video`);
  console.log(`ratio redacted / baseline: ${(redacted.wall / baseline.wall).toFixed(2)} wall, ${(redacted.cpu / baseline.cpu).toFixed(2)} CPU`);
} finally {
  await rm(folder, { recursive: true, force: true });
}
