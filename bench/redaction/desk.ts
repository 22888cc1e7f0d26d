/**
 * The desk while a redaction job runs (issue 46): the admin console list's p99 while the server makes the redacted
 * copy of a 720p video, against the same list with no job running, in the same run.
 *
 *   node_modules/.bin/bun bench/redaction/desk.ts [--video-seconds 60] [--baseline-seconds 10]
 *
 * The real server (`bun src/main.ts serve`, RENDITION_JOBS=1, fresh temp database and media folder); a participant
 * sends a 720p30 H.264/AAC video with a moving subject; its own renditions are let finish; then GET
 * /api/evidence/admin?limit=100 is asked every 100 ms for --baseline-seconds (baseline), then an admin puts a
 * redaction (a keyframed region blurred across the clip, the voice disguised) and the list is asked the same way
 * until the copy is made. Prints p50/p99 of both phases, their ratio, and the job's seconds per minute of video.
 * Budget (issue 46): p99 ≤ 50 ms while the job runs.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ADMIN } from "../../tests/support/server";
import { adminActor, form, newParticipant } from "../../tests/support/client";
import { fmt, freePort, loadAverage, percentile, ROOT, startChild, tempDir } from "../lib/proc";

const { values: opts } = parseArgs({ options: { "video-seconds": { type: "string", default: "60" }, "baseline-seconds": { type: "string", default: "10" } } });
const VIDEO_SECONDS = Number(opts["video-seconds"]);
const BASELINE_MS = Number(opts["baseline-seconds"]) * 1000;
const P99_BUDGET_MS = 50;

const work = await tempDir("redaction");
try {
  console.log(`machine: ${navigator.hardwareConcurrency} cores; load average at start ${await loadAverage()}`);
  const video = path.join(work.dir, "IMG_0001.mp4");
  const made = Bun.spawn(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=30:duration=${VIDEO_SECONDS}`, "-f", "lavfi", "-i", `sine=f=150:duration=${VIDEO_SECONDS}`,
    "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", video], { stderr: "pipe" });
  if ((await made.exited) !== 0) throw new Error(`ffmpeg: ${await new Response(made.stderr).text()}`);

  const server = await startChild({
    script: "src/main.ts",
    args: ["serve"],
    port: freePort(),
    readyPath: "/healthz",
    env: {
      DATABASE_URL: `file:${work.dir}/db/casefile.db`, UPLOADS_DIR: `${work.dir}/uploads`, WEB_DIR: path.join(ROOT, "dist/web"),
      ADMIN_USERNAME: ADMIN.username, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RENDITION_JOBS: "1",
    },
  });
  try {
    const admin = await adminActor(server.url);
    const { actor } = await newParticipant(server.url);
    const item = await (await actor.post("/api/evidence", form({ title: "720p" }, { file: new File([await Bun.file(video).arrayBuffer()], "IMG_0001.mp4") }))).json();
    for (let i = 0; i < 50; i++) await actor.post("/api/evidence", form({ title: `Note ${i}` }));
    await until(async () => {
      const { jobs } = (await (await admin.get("/api/server/status")).json()).renditions;
      return jobs.pending + jobs.running === 0;
    });

    const poll = async (going: () => Promise<boolean>) => {
      const times: number[] = [];
      while (await going()) {
        const started = performance.now();
        await (await admin.get("/api/evidence/admin?limit=100")).arrayBuffer();
        times.push(performance.now() - started);
        await Bun.sleep(100);
      }
      return times.sort((a, b) => a - b);
    };
    const quietUntil = performance.now() + BASELINE_MS;
    const baseline = await poll(async () => performance.now() < quietUntil);

    const keyframes = Array.from({ length: 7 }, (_, i) => ({ at_ms: Math.round((i * VIDEO_SECONDS * 1000) / 6), x: 0.1 + i * 0.1, y: 0.3, width: 0.2, height: 0.3 }));
    const began = performance.now();
    const put = await admin.put(`/api/evidence/${item.id}/redactions`, { regions: [{ ...keyframes[0], at_ms: undefined, effect: "blur", keyframes }], audio: [{ effect: "disguise" }] });
    if (put.status !== 202) throw new Error(`PUT: ${put.status} ${await put.text()}`);
    let status = "pending";
    const during = await poll(async () => {
      status = ((await (await admin.get(`/api/evidence/${item.id}/redactions`)).json()) as { status: string }).status;
      return status === "pending";
    });
    const jobSeconds = (performance.now() - began) / 1000;
    const p = (list: number[], q: number) => percentile(list, q);
    console.log(`redaction job: ${status} in ${fmt(jobSeconds)} s for ${VIDEO_SECONDS} s of 720p video = ${fmt((jobSeconds * 60) / VIDEO_SECONDS)} s per minute`);
    console.log(`desk list baseline: p50 ${fmt(p(baseline, 50))} ms, p99 ${fmt(p(baseline, 99))} ms (n ${baseline.length})`);
    console.log(
      `desk list while redacting: p50 ${fmt(p(during, 50))} ms, p99 ${fmt(p(during, 99))} ms (n ${during.length}) ${p(during, 99) <= P99_BUDGET_MS ? "✅" : "❌"} budget ${P99_BUDGET_MS} ms; ` +
        `p99 ratio ${fmt(p(during, 99) / p(baseline, 99), 2)}×`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await work.remove();
}

async function until(done: () => Promise<boolean>, timeoutMs = 600_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(500);
  }
}
