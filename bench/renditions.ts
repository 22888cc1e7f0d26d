/**
 * Renditions on this machine: what the tools cost, and what the server's answers cost while they run.
 *
 *   node_modules/.bin/bun bench/renditions.ts [--video-seconds 60] [--photos 5]
 *
 * 1. The tools alone, with the server's own command lines (src/renditions/recipes.ts) at nice 19: an iPhone-like
 *    1080p30 HEVC video (made by ffmpeg/x265) → H.264/AAC MP4 + poster + thumbnail, in seconds per minute of video;
 *    a 12 MP HEIC photo (made by heif-enc) → JPEG + thumbnail, in seconds per photo.
 * 2. The real server (`bun src/main.ts serve`, RENDITION_JOBS=1, fresh temp database and media folder): a participant
 *    sends the video and the photos, an admin makes them public; while their jobs run, the admin's console list
 *    (GET /api/evidence/admin?limit=100) and a visitor's public list (GET /api/evidence/public?limit=50) are each asked
 *    every 100 ms and timed; then the same for 10 s with no jobs (the same run's baseline).
 * Budget (issue 21): both lists' p99 ≤ 50 ms while jobs run.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { recipeCommands } from "../src/renditions/recipes";
import { findTools, runTool } from "../src/renditions/tools";
import { ADMIN } from "../tests/support/server";
import { Actor, adminActor, form, newParticipant } from "../tests/support/client";
import { fmt, freePort, loadAverage, ROOT, startChild, percentile } from "./lib/proc";

const { values: opts } = parseArgs({ options: { "video-seconds": { type: "string", default: "60" }, photos: { type: "string", default: "5" } } });
const VIDEO_SECONDS = Number(opts["video-seconds"]);
const PHOTOS = Number(opts.photos);
const P99_BUDGET_MS = 50;


async function run(argv: string[]) {
  const child = Bun.spawn(argv, { stderr: "pipe", stdout: "ignore" });
  if ((await child.exited) !== 0) throw new Error(`${argv[0]}: ${await new Response(child.stderr).text()}`);
}

const tools = findTools();
if (!tools.ffmpeg || !tools.heifConvert) throw new Error("needs ffmpeg and heif-convert (apt-get install ffmpeg libheif-examples)");
const work = await mkdtemp(path.join(tmpdir(), "casefile-bench-renditions-"));
try {
  console.log(`machine: ${navigator.hardwareConcurrency} cores; load average at start ${await loadAverage()}`);
  const video = path.join(work, "IMG_0001.mp4");
  const photo = path.join(work, "IMG_0002.heic");
  console.log(`making a ${VIDEO_SECONDS} s 1080p30 HEVC video and a 12 MP HEIC photo…`);
  await run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=1920x1080:rate=30:duration=${VIDEO_SECONDS}`, "-f", "lavfi", "-i", `sine=duration=${VIDEO_SECONDS}`,
    "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-b:v", "8M", "-tag:v", "hvc1", "-c:a", "aac", video]);
  await run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=4032x3024", "-frames:v", "1", "-q:v", "2", `${photo}.jpg`]);
  await run(["heif-enc", "-q", "60", `${photo}.jpg`, "-o", photo]);

  // 1. The tools alone.
  const limits = { timeLimitMs: 3_600_000, signal: new AbortController().signal };
  const timed = async (make: Parameters<typeof recipeCommands>[1], kind: "display" | "poster" | "thumbnail", source: string, seconds?: number) => {
    const started = performance.now();
    const demuxer = make === "photo-frame" ? "jpeg_pipe" : "mov";
    for (const argv of recipeCommands(tools, make, { source, demuxer, out: path.join(work, `${make}-${kind}`), seconds, kind })) await runTool(tools, argv, limits);
    return (performance.now() - started) / 1000;
  };
  const videoSeconds = (await timed("h264-mp4", "display", video)) + (await timed("video-frame", "poster", video, VIDEO_SECONDS)) + (await timed("video-frame", "thumbnail", video, VIDEO_SECONDS));
  const photoSeconds = (await timed("heif-jpeg", "display", photo)) + (await timed("photo-frame", "thumbnail", path.join(work, "heif-jpeg-display")));
  console.log(`tools: 1080p30 HEVC → H.264 MP4 + poster + thumbnail: ${fmt(videoSeconds)} s for ${VIDEO_SECONDS} s of video = ${fmt((videoSeconds * 60) / VIDEO_SECONDS)} s per minute`);
  console.log(`tools: 12 MP HEIC → JPEG + thumbnail: ${fmt(photoSeconds, 2)} s per photo`);

  // 2. The server's answers while its jobs run.
  const port = freePort();
  const server = await startChild({
    script: "src/main.ts",
    args: ["serve"],
    port,
    readyPath: "/healthz",
    env: {
      DATABASE_URL: `file:${work}/db/casefile.db`, UPLOADS_DIR: `${work}/uploads`, WEB_DIR: path.join(ROOT, "dist/web"),
      ADMIN_USERNAME: ADMIN.username, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RENDITION_JOBS: "1",
    },
  });
  try {
    const admin = await adminActor(server.url);
    const { actor } = await newParticipant(server.url);
    const visitor = new Actor(server.url);
    const heic = await Bun.file(photo).arrayBuffer();
    const files = [new File([await Bun.file(video).arrayBuffer()], "IMG_0001.mp4"), ...Array.from({ length: PHOTOS }, (_, i) => new File([heic], `IMG_${i + 2}.heic`))];
    for (const [i, file] of files.entries()) {
      const item = await (await actor.post("/api/evidence", form({ title: `Item ${i}` }, { file }))).json();
      await admin.put(`/api/evidence/clearance/${item.id}`);
    }
    const poll = async (phase: () => Promise<boolean>) => {
      const times = { console: [] as number[], public: [] as number[] };
      while (await phase()) {
        const started = performance.now();
        await Promise.all([
          admin.get("/api/evidence/admin?limit=100").then(async (r) => (await r.arrayBuffer(), times.console.push(performance.now() - started))),
          visitor.get("/api/evidence/public?limit=50").then(async (r) => (await r.arrayBuffer(), times.public.push(performance.now() - started))),
        ]);
        await Bun.sleep(100);
      }
      return times;
    };
    const jobsLeft = async () => {
      const { jobs } = (await (await admin.get("/api/server/status")).json()).renditions;
      return jobs.pending + jobs.running;
    };
    const began = performance.now();
    await Bun.sleep(2500); // the runner's first round
    const during = await poll(async () => (await jobsLeft()) > 0);
    const jobsSeconds = (performance.now() - began) / 1000;
    const quietUntil = performance.now() + 10_000;
    const after = await poll(async () => performance.now() < quietUntil);
    const { jobs } = (await (await admin.get("/api/server/status")).json()).renditions;
    console.log(`server: ${jobs.done} jobs done, ${jobs.failed} failed, in ${fmt(jobsSeconds)} s`);
    for (const list of ["console", "public"] as const) {
      during[list].sort((a, b) => a - b);
      after[list].sort((a, b) => a - b);
      const p99 = percentile(during[list], 99);
      console.log(
        `${list} list while jobs run: p50 ${fmt(percentile(during[list], 50))} ms, p99 ${fmt(p99)} ms (n ${during[list].length}) ${p99 <= P99_BUDGET_MS ? "✅" : "❌"} budget ${P99_BUDGET_MS} ms; ` +
          `after: p50 ${fmt(percentile(after[list], 50))} ms, p99 ${fmt(percentile(after[list], 99))} ms (n ${after[list].length})`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
