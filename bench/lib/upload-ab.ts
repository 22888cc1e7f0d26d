/**
 * Interleaved A/B of two server builds on the 1 GiB upload (steadier than comparing two runs of bench/upload.ts
 * on a shared machine): starts A, uploads ROUNDS times, stops it, then B, and so on PAIRS times.
 *   node_modules/.bin/bun bench/lib/upload-ab.ts <serverA main.ts> <serverB main.ts>   env: AB_PAIRS (3), AB_ROUNDS (2)
 * e.g. B = src/main.ts and A = src/main.ts of a checkout of an older commit (that checkout needs node_modules).
 * Each upload: admin login, 3 s pause, then POST /api/evidence (same body as bench/upload.ts), then delete.
 */
import path from "node:path";
import { cpuSeconds, fmt, freePort, median, ROOT, rssKiB, sampleRss, startChild, tempDir } from "./proc";

const [scriptA, scriptB] = process.argv.slice(2);
if (!scriptA || !scriptB) throw new Error("usage: upload-ab.ts <serverA main.ts> <serverB main.ts>");
const PAIRS = Math.min(10, Number(process.env.AB_PAIRS ?? 3));
const ROUNDS = Math.min(10, Number(process.env.AB_ROUNDS ?? 2));
const MIB = 1024 * 1024;
const FILE = 1024 * MIB;

const clip = new Uint8Array(await Bun.file(path.join(ROOT, "tests/fixtures/clip.mp4")).arrayBuffer());
const boundary = `----casefileab${crypto.randomUUID().replaceAll("-", "")}`;
const enc = new TextEncoder();
const pre = enc.encode(
  `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nbench\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
);
const epi = enc.encode(`\r\n--${boundary}--\r\n`);
const box = new Uint8Array(8);
new DataView(box.buffer).setUint32(0, FILE - clip.length);
box.set(enc.encode("free"), 4);
const zeros = new Uint8Array(MIB);
async function* body() {
  yield pre;
  yield clip;
  yield box;
  let left = FILE - clip.length - 8;
  for (let i = 0; left > 0 && i < FILE / MIB + 2; i++) {
    const n = Math.min(MIB, left);
    yield zeros.subarray(0, n);
    left -= n;
  }
  yield epi;
}
const total = pre.length + FILE + epi.length;

type Run = { before: number; peak: number; cpu: number; mbps: number };
async function runServer(script: string): Promise<Run[]> {
  const tmp = await tempDir("ab");
  const server = await startChild({
    script,
    port: freePort(),
    readyPath: "/healthz",
    env: {
      DATABASE_URL: `file:${tmp.dir}/db/c.db`,
      UPLOADS_DIR: `${tmp.dir}/up`,
      WEB_DIR: path.join(ROOT, "dist/web"),
      ADMIN_USERNAME: "admin",
      ADMIN_EMAIL: "admin@example.org",
      ADMIN_PASSWORD: "adminpass1",
      MAX_UPLOAD_MB: "2048",
    },
  });
  const runs: Run[] = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const login = await fetch(`${server.url}/api/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ usernameOrEmail: "admin", password: "adminpass1" }),
        signal: AbortSignal.timeout(30_000),
      });
      await login.arrayBuffer();
      const cookie = /casefile_session=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0];
      if (!cookie) throw new Error(`login failed: ${login.status}`);
      await Bun.sleep(3000);
      const before = ((await rssKiB(server.pid)) ?? 0) / 1024;
      const sampler = sampleRss(server.pid, 50, 300);
      const cpu0 = await cpuSeconds(server.pid);
      const t = performance.now();
      const res = await fetch(`${server.url}/api/evidence`, {
        method: "POST",
        headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(total) },
        body: body() as unknown as BodyInit,
        signal: AbortSignal.timeout(300_000),
      });
      const answer = await res.text();
      const seconds = (performance.now() - t) / 1000;
      const cpu = (await cpuSeconds(server.pid)) - cpu0;
      const rss = await sampler.stop();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${answer.slice(0, 200)}`);
      const del = await fetch(`${server.url}/api/evidence/delete/${JSON.parse(answer).id}`, { method: "DELETE", headers: { cookie } });
      await del.arrayBuffer();
      runs.push({ before: (before * MIB) / 1e6, peak: (rss.peakMiB * MIB) / 1e6, cpu, mbps: total / 1e6 / seconds });
    }
  } finally {
    await server.stop();
    await tmp.remove();
  }
  return runs;
}

const all: Record<"A" | "B", Run[]> = { A: [], B: [] };
for (let pair = 0; pair < PAIRS; pair++) {
  for (const [label, script] of [["A", scriptA], ["B", scriptB]] as const) {
    const runs = await runServer(script);
    all[label].push(...runs);
    console.log(`${label} ${runs.map((r) => `before ${fmt(r.before)} MB, peak ${fmt(r.peak)} MB, cpu ${fmt(r.cpu, 2)} s, ${fmt(r.mbps, 0)} MB/s`).join("; ")}`);
  }
}
for (const label of ["A", "B"] as const) {
  const runs = all[label];
  console.log(
    `${label} (${label === "A" ? scriptA : scriptB}): median cpu ${fmt(median(runs.map((r) => r.cpu)), 2)} s/GiB, ` +
      `median ${fmt(median(runs.map((r) => r.mbps)), 0)} MB/s, peak RSS median ${fmt(median(runs.map((r) => r.peak)))} MB, max ${fmt(Math.max(...runs.map((r) => r.peak)))} MB`,
  );
}
