/**
 * The studio's face detector in Chromium: recall on a portrait at several sizes and angles, time per photo, and time
 * per minute of 720p video sampled every 250 ms, for both models the package ships (ssd_mobilenetv1 and tiny).
 * Run: node_modules/.bin/bun bench/redaction/detect.ts
 *   env: DETECTORS=ssd,tiny  DETECT_SCALES=0.1,0.2,0.35,0.6,1  DETECT_VIDEO_SECONDS=20  DETECT_GPU=1 (let Chromium use a GPU)
 * Test pictures: Debian python3-skimage's public-domain astronaut.png scaled (10–100 % of a 1280 px frame's height)
 * and turned (−30°…30°), made with ffmpeg into a temp folder; the video pans and zooms across it (tests' way).
 * It bundles web/features/redaction/detector.ts into a page (bench/redaction/detect-page.ts) served on localhost with
 * the models from node_modules, as dist/web serves them.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const ROOT = path.resolve(import.meta.dir, "../..");
const PORTRAIT = "/usr/lib/python3/dist-packages/skimage/data/astronaut.png";
const MODELS = path.join(ROOT, "node_modules/@vladmandic/face-api/model");
const SCALES = (process.env.DETECT_SCALES ?? "0.1,0.2,0.35,0.6,1").split(",").map(Number);
const ANGLES = [-30, -15, 0, 15, 30];
const STEP_MS = 250;
/** The face's side in the portrait (tests/support/faces.ts measures it at 95 of 512 px). */
const FACE_SHARE = 95 / 512;

const work = await mkdtemp(path.join(tmpdir(), "detect-bench-"));
async function ffmpeg(...args: string[]) {
  const proc = Bun.spawn(["ffmpeg", "-v", "error", "-y", ...args], { stderr: "inherit" });
  if ((await proc.exited) !== 0) throw new Error(`ffmpeg ${args.join(" ")} failed`);
}

/** The portrait at `scale` of a 1280×720 grey frame's height, turned by `angle` degrees, as a JPEG. */
async function makeImage(scale: number, angle: number): Promise<string> {
  const name = `face-${scale}-${angle}.jpg`;
  const side = Math.round(720 * scale);
  await ffmpeg("-i", PORTRAIT, "-f", "lavfi", "-i", "color=gray:s=1280x720", "-filter_complex",
    `[0]scale=${side}:${side},rotate=${angle}*PI/180:c=gray:ow=rotw(${angle}*PI/180):oh=roth(${angle}*PI/180)[f];[1][f]overlay=(W-w)/2:(H-h)/2:shortest=1`,
    "-frames:v", "1", "-q:v", "3", path.join(work, name));
  return name;
}

const images: { name: string; scale: number; angle: number }[] = [];
for (const scale of SCALES) for (const angle of ANGLES) images.push({ name: await makeImage(scale, angle), scale, angle });
const VIDEO_SECONDS = Number(process.env.DETECT_VIDEO_SECONDS ?? 20);
// 720p: zoom in and pan, so the face changes size and place (as tests/support/faces.ts makes its video).
await ffmpeg("-loop", "1", "-i", PORTRAIT, "-vf", "scale=2560:2560,zoompan=z='1+0.5*on/600':x='iw/2-(iw/zoom/2)+200*sin(on/60)':y='ih/2-(ih/zoom/2)':d=600:s=1280x720:fps=30,format=yuv420p",
  "-t", String(VIDEO_SECONDS), "-c:v", "libx264", "-preset", "veryfast", "-movflags", "+faststart", path.join(work, "pan.mp4"));

const page = await Bun.build({ entrypoints: [path.join(import.meta.dir, "detect-page.ts")], target: "browser", format: "esm", minify: true, splitting: true, outdir: path.join(work, "js") });
if (!page.success) throw new Error(page.logs.join("\n"));
const server = Bun.serve({
  port: 0,
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/") return new Response('<!doctype html><body><script type="module" src="/js/detect-page.js"></script></body>', { headers: { "content-type": "text/html" } });
    const file = url.pathname.startsWith("/models/face/") ? path.join(MODELS, path.basename(url.pathname)) : path.join(work, url.pathname);
    return (await Bun.file(file).exists()) ? new Response(Bun.file(file)) : new Response("not found", { status: 404 });
  },
});

const args = ["--no-sandbox", "--no-first-run", "--disable-background-networking"];
if (!process.env.DETECT_GPU) args.push("--disable-gpu", "--enable-unsafe-swiftshader");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args, timeout: 60_000 });
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  tab.on("pageerror", (error) => console.error("page error:", error.message));
  await tab.goto(`http://127.0.0.1:${server.port}/`);
  await tab.waitForSelector("body[data-ready='1']", { state: "attached" });

  for (const detector of (process.env.DETECTORS ?? "ssd,tiny").split(",") as ("ssd" | "tiny")[]) {
    console.log(`loading ${detector} …`);
    const loadMs = await tab.evaluate((name) => (window as any).bench.prepare(name), detector);
    const backend = await tab.evaluate(() => (window as any).bench.backend());
    const rows: { url: string; faces: number; ms: number; best: number }[] = await tab.evaluate(
      ([name, urls]) => (window as any).bench.photos(name, urls),
      [detector, images.map((image) => `/${image.name}`)] as const,
    );
    console.log(`\n${detector} on ${backend}: model loaded in ${loadMs.toFixed(0)} ms`);
    console.log(`recall by size (share of ${ANGLES.length} angles ${ANGLES.join("/")}° with the face found):`);
    for (const scale of SCALES) {
      const found = rows.filter((row, i) => images[i]!.scale === scale && row.faces > 0).length;
      console.log(`  face ~${Math.round(scale * 720 * FACE_SHARE)} px wide (portrait ${Math.round(scale * 100)} % of 720 p): ${found}/${ANGLES.length}`);
    }
    const byAngle = ANGLES.map((angle) => `${angle}°: ${rows.filter((row, i) => images[i]!.angle === angle && row.faces > 0).length}/${SCALES.length}`);
    console.log(`recall by angle: ${byAngle.join(", ")}; overall ${rows.filter((row) => row.faces > 0).length}/${rows.length}`);
    const times = rows.slice(1).map((row) => row.ms).sort((a, b) => a - b); // the first pays shader compilation
    console.log(`time per 1280×720 photo: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (first ${rows[0]!.ms.toFixed(0)} ms)`);
    const video = await tab.evaluate(([name, step]) => (window as any).bench.video(name, "/pan.mp4", step), [detector, STEP_MS] as const);
    console.log(`720p video, a sample every ${STEP_MS} ms: ${video.samples} samples in ${(video.ms / 1000).toFixed(1)} s, face in ${video.withFace}; ` +
      `${((video.ms / video.durationMs) * 60).toFixed(0)} s per minute of video`);
  }
} finally {
  await browser.close();
  server.stop(true);
  await rm(work, { recursive: true, force: true });
}

