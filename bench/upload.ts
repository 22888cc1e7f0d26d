/**
 * 1 GiB upload, multipart and resumable (tus): casefile's peak RSS and throughput against a raw streamed body write
 * (design.md §7).
 *
 *   node_modules/.bin/bun bench/upload.ts
 *   env: UPLOAD_BENCH_MIB (1024), UPLOAD_BENCH_ROUNDS (3), UPLOAD_BENCH_PATHS (multipart,tus-local,tus-s3),
 *        UPLOAD_BENCH_PATCH_MIB (64), MIMALLOC_PURGE_DELAY (the server's; 0 as shipped)
 *
 * Children (all on 127.0.0.1): the real server (`bun src/main.ts`, fresh temp database and uploads dir) and bare
 * Bun.serve sinks that stream request.body into a file in different ways (FileSink loop, node:fs stream,
 * Bun.write(path, Request)); the fastest sink (median over rounds) is the baseline. A fourth sink also hashes
 * (SHA-256, as casefile must): a reference, never the baseline. Every child gets one untimed 64 MiB warm-up upload;
 * rounds alternate the order of runs to spread disk write-back and neighbour load. Each casefile upload is checked for
 * 201 and deleted again through the API. CPU seconds (user+system, all threads) of the receiving process are shown
 * per run: less noisy than wall time on a shared machine.
 * casefile is measured twice per round: "settled" (the upload starts once the server's RSS has stopped falling
 * after login) and "right after login" (the upload starts the moment login answers, so argon2id's transient
 * hashing memory may still be resident).
 * The tus path: a second server with MEDIA_STORE=s3 on s3rver joins the first (local store); each creates an upload
 * and receives the same file in PATCHes of UPLOAD_BENCH_PATCH_MIB over one kept-alive connection, then finalises it
 * (POST /api/evidence upload=<id>: hash, sniff, move into the store). Throughput is the PATCHes' (the transfer the
 * participant waits for); the finalise is timed apart; peak RSS covers both.
 * UPLOAD_BENCH_PADDING: "free" (default) pads the clip with a top-level `free` box, which the public copy leaves as a
 * hole; "mdat" grows the clip's own last box, its media data, as a real long video's, which the public copy copies.
 * Budgets: server peak RSS ≤ 120 MB; MB/s ≥ 0.6 × baseline (multipart), ≥ 0.8 × the FileSink loop (tus).
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { startS3rver, type S3Server } from "../tests/ship/support/s3rver";
import { type Child, cpuSeconds, fmt, freePort, loadAverage, median, ROOT, rssKiB, sampleRss, startChild, tempDir, type RssReport } from "./lib/proc";

const MIB = 1024 * 1024;
const MB = 1_000_000;
const FILE_BYTES = Number(process.env.UPLOAD_BENCH_MIB ?? 1024) * MIB;
const ROUNDS = Math.min(10, Number(process.env.UPLOAD_BENCH_ROUNDS ?? 3));
const CHUNK = MIB;
const REQUEST_TIMEOUT_MS = 10 * 60 * 1000;
const RSS_BUDGET_MB = 120;
const RATIO_BUDGET = 0.6;
const TUS_RATIO_BUDGET = 0.8;
const PATHS = new Set((process.env.UPLOAD_BENCH_PATHS ?? "multipart,tus-local,tus-s3").split(","));
const PATCH_BYTES = Number(process.env.UPLOAD_BENCH_PATCH_MIB ?? 64) * MIB;

// ---- the body -------------------------------------------------------------------------------------------------
const clip = new Uint8Array(await Bun.file(path.join(ROOT, "tests/fixtures/clip.mp4")).arrayBuffer());
const boundary = `----casefilebench${crypto.randomUUID().replaceAll("-", "")}`;
const enc = new TextEncoder();
const preamble = enc.encode(
  `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nbench upload\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
);
const epilogue = enc.encode(`\r\n--${boundary}--\r\n`);
// The file: clip.mp4's own top-level boxes (ftyp, moov, free, mdat), then one more top-level `free` box padding it
// to FILE_BYTES, so the server's box walk still finds moov and its video track.
if (FILE_BYTES - clip.length < 8 || FILE_BYTES - clip.length >= 2 ** 32) throw new Error("the padding box must fit a 32-bit size");
const zeros = new Uint8Array(CHUNK); // never mutated, so yielding it again and again is safe
const BODY_BYTES = preamble.length + FILE_BYTES + epilogue.length;

const PADDING = process.env.UPLOAD_BENCH_PADDING ?? "free";
if (PADDING !== "free" && PADDING !== "mdat") throw new Error("UPLOAD_BENCH_PADDING is free or mdat");
/** Where clip.mp4's last top-level box starts (its mdat, grown in the "mdat" padding). */
const lastBoxAt = (() => {
  const view = new DataView(clip.buffer);
  let at = 0;
  while (at + view.getUint32(at) < clip.length) at += view.getUint32(at);
  if (new TextDecoder().decode(clip.subarray(at + 4, at + 8)) !== "mdat") throw new Error("clip.mp4 does not end with its mdat");
  return at;
})();

/** Bytes start..end of the file (clip, then a `free` box header and zeros, or zeros in its grown mdat), chunk by chunk: never more than one MiB held. */
function* fileSlice(start: number, end: number, fileBytes = FILE_BYTES): Generator<Uint8Array> {
  const head = PADDING === "mdat" ? clip.slice() : clip;
  const header = new Uint8Array(PADDING === "mdat" ? 0 : 8);
  if (PADDING === "mdat") new DataView(head.buffer).setUint32(lastBoxAt, fileBytes - lastBoxAt);
  else new DataView(header.buffer).setUint32(0, fileBytes - clip.length);
  if (PADDING === "free") header.set(enc.encode("free"), 4);
  let at = start;
  for (const [from, bytes] of [[0, head], [clip.length, header]] as const) {
    if (at < from + bytes.length && at < end) {
      const piece = bytes.subarray(at - from, Math.min(bytes.length, end - from));
      yield piece;
      at += piece.length;
    }
  }
  while (at < end) {
    const n = Math.min(CHUNK, end - at);
    yield n === CHUNK ? zeros : zeros.subarray(0, n);
    at += n;
  }
}

/** The multipart body, chunk by chunk: the client never holds more than one MiB of it. */
async function* body(fileBytes = FILE_BYTES): AsyncGenerator<Uint8Array> {
  yield preamble;
  yield* fileSlice(0, fileBytes, fileBytes);
  yield epilogue;
}

// ---- one timed upload -----------------------------------------------------------------------------------------
type Run = { label: string; status: number; seconds: number; mbPerSec: number; cpu: number; rss: RssReport; answer: string };

async function timedPost(label: string, url: string, pid: number, headers: Record<string, string>, fileBytes = FILE_BYTES): Promise<Run> {
  const bodyBytes = BODY_BYTES - FILE_BYTES + fileBytes;
  const cpuBefore = await cpuSeconds(pid);
  const sampler = sampleRss(pid, 50, REQUEST_TIMEOUT_MS / 1000 + 30);
  const started = performance.now();
  let status = 0;
  let answer = "";
  let seconds = 0;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(bodyBytes) },
      body: body(fileBytes) as unknown as BodyInit,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = res.status;
    answer = await res.text();
  } finally {
    seconds = (performance.now() - started) / 1000;
  }
  const rss = await sampler.stop();
  const cpu = (await cpuSeconds(pid)) - cpuBefore;
  return { label, status, seconds, mbPerSec: bodyBytes / MB / seconds, cpu, rss, answer };
}

/** Waits (≤ 10 s) until a pid's RSS has stopped falling: four readings 250 ms apart within 1 MiB. */
async function settle(pid: number): Promise<void> {
  const readings: number[] = [];
  for (let i = 0; i < 40; i++) {
    readings.push((await rssKiB(pid)) ?? 0);
    const last = readings.slice(-4);
    if (last.length === 4 && Math.max(...last) - Math.min(...last) < 1024) return;
    await Bun.sleep(250);
  }
}

// ---- the children ---------------------------------------------------------------------------------------------
const BASELINE_MODES = ["filesink", "node", "bunwrite"] as const;
const SINK_MODES = [...BASELINE_MODES, "filesink-sha256"] as const;
const WARMUP_BYTES = 64 * MIB;
const tmp = await tempDir("upload");
const children: Child[] = [];

async function login(server: Child): Promise<string> {
  const res = await fetch(`${server.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ usernameOrEmail: "admin", password: "adminpass1" }),
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  const cookie = /casefile_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  if (!res.ok || !cookie) throw new Error(`login failed: ${res.status}`);
  return cookie;
}

/** Deletes the item a 201 answer describes, so every run starts from the same store. */
async function deleteItem(server: Child, cookie: string, answer: string): Promise<void> {
  const { id } = JSON.parse(answer) as { id: number };
  const del = await fetch(`${server.url}/api/evidence/delete/${id}`, { method: "DELETE", headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  await del.arrayBuffer();
  if (!del.ok) throw new Error(`delete failed: ${del.status}`);
}

async function serverRun(server: Child, settled: boolean, fileBytes = FILE_BYTES): Promise<Run> {
  const cookie = await login(server);
  if (settled) await settle(server.pid);
  const label = settled ? "casefile (settled)" : "casefile (right after login)";
  const run = await timedPost(label, `${server.url}/api/evidence`, server.pid, { cookie }, fileBytes);
  if (run.status === 201) await deleteItem(server, cookie, run.answer);
  return run;
}

// ---- the tus path ---------------------------------------------------------------------------------------------
type TusRun = Run & { finaliseSeconds: number; patchPeakMiB: number; finalisePeakMiB: number };

function tusRequest(url: string, method: string, headers: Record<string, string>, body?: BodyInit): Promise<Response> {
  return fetch(url, { method, headers: { "tus-resumable": "1.0.0", ...headers }, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
}

/** Creates an upload, sends the file in PATCHes (timed), finalises it (timed apart) and deletes the item again. */
async function tusRun(server: Child, label: string, fileBytes = FILE_BYTES): Promise<TusRun> {
  const cookie = await login(server);
  await settle(server.pid);
  const metadata = `filename ${btoa("big.mp4")},filetype ${btoa("video/mp4")}`;
  const created = await tusRequest(`${server.url}/api/uploads`, "POST", { cookie, "upload-length": String(fileBytes), "upload-metadata": metadata });
  await created.arrayBuffer();
  if (created.status !== 201) throw new Error(`creating the upload answered ${created.status}`);
  const location = new URL(created.headers.get("location")!, server.url).href;

  const cpuBefore = await cpuSeconds(server.pid);
  const sampler = sampleRss(server.pid, 50, REQUEST_TIMEOUT_MS / 1000 + 30);
  const started = performance.now();
  let status = 204;
  let answer = "";
  for (let offset = 0; offset < fileBytes && status === 204; offset += PATCH_BYTES) {
    const end = Math.min(offset + PATCH_BYTES, fileBytes);
    const headers = { cookie, "content-type": "application/offset+octet-stream", "upload-offset": String(offset), "content-length": String(end - offset) };
    const res = await tusRequest(location, "PATCH", headers, (async function* () {
      yield* fileSlice(offset, end, fileBytes);
    })() as unknown as BodyInit);
    status = res.status;
    answer = await res.text();
  }
  const seconds = (performance.now() - started) / 1000;
  const patchRss = await sampler.stop();
  const finaliseSampler = sampleRss(server.pid, 50, REQUEST_TIMEOUT_MS / 1000 + 30);
  let finaliseSeconds = NaN;
  if (status === 204) {
    const form = new FormData();
    form.set("upload", location.split("/").pop()!);
    form.set("title", "bench upload");
    const finalising = performance.now();
    const res = await fetch(`${server.url}/api/evidence`, { method: "POST", headers: { cookie }, body: form, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    status = res.status;
    answer = await res.text();
    finaliseSeconds = (performance.now() - finalising) / 1000;
  }
  const finaliseRss = await finaliseSampler.stop();
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
  if (status === 201) await deleteItem(server, cookie, answer);
  const rss = { ...patchRss, peakMiB: Math.max(patchRss.peakMiB, finaliseRss.peakMiB), samples: patchRss.samples + finaliseRss.samples };
  const phases = { patchPeakMiB: patchRss.peakMiB, finalisePeakMiB: finaliseRss.peakMiB };
  return { label, status, seconds, mbPerSec: fileBytes / MB / seconds, cpu, rss, answer, finaliseSeconds, ...phases };
}

const describe = (r: Run) =>
  `${r.label.padEnd(30)} status ${r.status}  ${fmt(r.seconds, 2).padStart(6)} s  ${fmt(r.mbPerSec, 0).padStart(5)} MB/s  ` +
  `cpu ${fmt(r.cpu, 2)} s  ` +
  `peak RSS ${fmt((r.rss.peakMiB * MIB) / MB, 1).padStart(6)} MB (before ${fmt((r.rss.startMiB * MIB) / MB, 1)} MB; ` +
  `${r.rss.samples} samples, max gap ${fmt(r.rss.maxGapMs, 0)} ms)` +
  ("finaliseSeconds" in r ? `  (peak ${fmtMB((r as TusRun).patchPeakMiB)} MB in PATCHes; finalise ${fmt((r as TusRun).finaliseSeconds, 2)} s, peak ${fmtMB((r as TusRun).finalisePeakMiB)} MB)` : "");
const fmtMB = (mib: number) => fmt((mib * MIB) / MB, 1);

const SERVER_ENV = {
  // As the container and `npm start` run it (Dockerfile, docs/operating.md); MIMALLOC_PURGE_DELAY=10 in the
  // environment measures the allocator's default (a bare `./casefile`).
  MIMALLOC_PURGE_DELAY: process.env.MIMALLOC_PURGE_DELAY ?? "0",
  UPLOADS_DIR: `${tmp.dir}/uploads`,
  WEB_DIR: path.join(ROOT, "dist/web"),
  ADMIN_USERNAME: "admin",
  ADMIN_EMAIL: "admin@example.org",
  ADMIN_PASSWORD: "adminpass1",
  MAX_UPLOAD_MB: "2048",
};
let s3: S3Server | undefined;

try {
  console.log(`machine: ${navigator.hardwareConcurrency} cores, bun ${Bun.version}; ${ROUNDS} rounds; paths ${[...PATHS].join(", ")}; load average at start ${await loadAverage()}`);
  console.log(`body: ${BODY_BYTES} bytes (file ${FILE_BYTES} bytes = clip.mp4 + one 'free' box), sent in ${CHUNK}-byte chunks; tus PATCHes of ${PATCH_BYTES / MIB} MiB`);
  // UPLOAD_BENCH_SERVER_SCRIPT: measure another build of the server (e.g. a copy at an older commit) instead.
  const script = process.env.UPLOAD_BENCH_SERVER_SCRIPT ?? "src/main.ts";
  const server = await startChild({ script, port: freePort(), readyPath: "/healthz", env: { ...SERVER_ENV, DATABASE_URL: `file:${tmp.dir}/db/casefile.db` } });
  children.push(server);
  let s3Server: Child | undefined;
  if (PATHS.has("tus-s3")) {
    s3 = await startS3rver();
    s3Server = await startChild({ script, port: freePort(), readyPath: "/healthz", env: { ...SERVER_ENV, ...s3.env, DATABASE_URL: `file:${tmp.dir}/db-s3/casefile.db` } });
    children.push(s3Server);
  }
  const sinks: Record<string, Child> = {};
  for (const mode of SINK_MODES) {
    const sink = await startChild({ script: "bench/lib/raw-sink.ts", port: freePort(), readyPath: "/", env: { SINK_DIR: tmp.dir, SINK_MODE: mode } });
    children.push(sink);
    sinks[mode] = sink;
  }

  // Untimed warm-up of every child (JIT, first-touch page faults, the first temp file).
  for (const mode of SINK_MODES) await timedPost("warm-up", `${sinks[mode]!.url}/`, sinks[mode]!.pid, {}, WARMUP_BYTES);
  const warmUps: (() => Promise<Run>)[] = [
    ...(PATHS.has("multipart") ? [() => serverRun(server, false, WARMUP_BYTES)] : []),
    ...(PATHS.has("tus-local") ? [() => tusRun(server, "warm-up", WARMUP_BYTES)] : []),
    ...(s3Server ? [() => tusRun(s3Server, "warm-up", WARMUP_BYTES)] : []),
  ];
  for (const warmUp of warmUps) {
    const warm = await warmUp();
    if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.answer.slice(0, 300)}`);
  }

  const runs: Run[] = [];
  const roundRatios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const jobs: (() => Promise<Run>)[] = [
      ...SINK_MODES.map((mode) => async () => {
        const sink = sinks[mode]!;
        await settle(sink.pid);
        return timedPost(`raw sink (${mode})`, `${sink.url}/`, sink.pid, {});
      }),
      ...(PATHS.has("multipart") ? [() => serverRun(server, true), () => serverRun(server, false)] : []),
      ...(PATHS.has("tus-local") ? [() => tusRun(server, "casefile tus (local)")] : []),
      ...(s3Server ? [() => tusRun(s3Server, "casefile tus (s3rver)")] : []),
    ];
    if (round % 2 === 1) jobs.reverse();
    for (const job of jobs) {
      const run = await job();
      runs.push(run);
      console.log(`round ${round + 1}  ${describe(run)}`);
      if (run.status !== 201) console.log(`  answer: ${run.answer.slice(0, 300)}`);
    }
    const thisRound = runs.slice(-jobs.length);
    const bestRaw = Math.max(...thisRound.filter((r) => BASELINE_MODES.some((m) => r.label === `raw sink (${m})`)).map((r) => r.mbPerSec));
    const settledRun = thisRound.find((r) => r.label === "casefile (settled)");
    if (settledRun) roundRatios.push(settledRun.mbPerSec / bestRaw);
  }
  const leftovers = (await readdir(path.join(tmp.dir, "uploads", ".tmp"), { recursive: true, withFileTypes: true })).filter((e) => e.isFile() && !e.name.endsWith(".owner"));
  const stored = (await readdir(path.join(tmp.dir, "uploads"), { recursive: true, withFileTypes: true })).filter(
    (e) => e.isFile() && !path.relative(path.join(tmp.dir, "uploads"), e.parentPath).startsWith(".tmp"),
  );

  const byLabel = (label: string) => runs.filter((r) => r.label === label);
  const peakMB = (rs: Run[]) => Math.max(...rs.map((r) => (r.rss.peakMiB * MIB) / MB));
  console.log("\nmedians over rounds:");
  const baselines = SINK_MODES.map((mode) => ({ mode, mbPerSec: median(byLabel(`raw sink (${mode})`).map((r) => r.mbPerSec)) }));
  for (const mode of SINK_MODES) {
    const rs = byLabel(`raw sink (${mode})`);
    console.log(`  raw sink (${mode}): ${fmt(median(rs.map((r) => r.mbPerSec)), 0)} MB/s, cpu ${fmt(median(rs.map((r) => r.cpu)), 2)} s`);
  }
  const baseline = baselines.reduce((a, b) => (b.mbPerSec > a.mbPerSec ? b : a));
  const fileSinkLoop = baselines.find((b) => b.mode === "filesink")!;
  const verdicts: boolean[] = [];
  const verdict = (line: string, ok: boolean) => {
    verdicts.push(ok);
    console.log(`RESULT ${line}: ${ok ? "PASS" : "FAIL"}`);
  };
  const results: (() => void)[] = [];

  if (PATHS.has("multipart")) {
    const settledRuns = byLabel("casefile (settled)");
    const eagerRuns = byLabel("casefile (right after login)");
    const serverMbps = median(settledRuns.map((r) => r.mbPerSec));
    const eagerMbps = median(eagerRuns.map((r) => r.mbPerSec));
    const idle = Math.min(...settledRuns.map((r) => (r.rss.startMiB * MIB) / MB));
    console.log(`  casefile (settled): ${fmt(serverMbps, 0)} MB/s, cpu ${fmt(median(settledRuns.map((r) => r.cpu)), 2)} s, max peak RSS ${fmt(peakMB(settledRuns))} MB (idle before upload ≥ ${fmt(idle)} MB)`);
    console.log(`  casefile (right after login): ${fmt(eagerMbps, 0)} MB/s, max peak RSS ${fmt(peakMB(eagerRuns))} MB`);
    const ratio = serverMbps / baseline.mbPerSec;
    for (const b of baselines) console.log(`  ratio casefile (settled) / raw ${b.mode}: ${fmt(serverMbps / b.mbPerSec, 2)}`);
    console.log(`  per-round ratio casefile (settled) / fastest raw sink of that round: ${roundRatios.map((r) => fmt(r, 2)).join(", ")} (median ${fmt(median(roundRatios), 2)})`);
    results.push(() => {
      verdict(`every multipart upload answered 201 (${settledRuns.length + eagerRuns.length})`, [...settledRuns, ...eagerRuns].every((r) => r.status === 201));
      verdict(`multipart peak RSS (settled) ${fmt(peakMB(settledRuns))} MB, budget ≤ ${RSS_BUDGET_MB} MB`, peakMB(settledRuns) <= RSS_BUDGET_MB);
      verdict(`multipart peak RSS (right after login) ${fmt(peakMB(eagerRuns))} MB, budget ≤ ${RSS_BUDGET_MB} MB`, peakMB(eagerRuns) <= RSS_BUDGET_MB);
      verdict(`multipart throughput ratio ${fmt(ratio, 2)} (casefile ${fmt(serverMbps, 0)} / raw ${baseline.mode} ${fmt(baseline.mbPerSec, 0)} MB/s), budget ≥ ${RATIO_BUDGET}`, ratio >= RATIO_BUDGET);
    });
  }
  for (const label of ["casefile tus (local)", "casefile tus (s3rver)"]) {
    const tusRuns = byLabel(label) as TusRun[];
    if (tusRuns.length === 0) continue;
    const mbps = median(tusRuns.map((r) => r.mbPerSec));
    const ratio = mbps / fileSinkLoop.mbPerSec;
    console.log(
      `  ${label}: PATCHes ${fmt(mbps, 0)} MB/s, cpu ${fmt(median(tusRuns.map((r) => r.cpu)), 2)} s (PATCHes and finalise), ` +
        `finalise ${fmt(median(tusRuns.map((r) => r.finaliseSeconds)), 2)} s, max peak RSS ${fmt(peakMB(tusRuns))} MB; ` +
        `ratio to the FileSink loop ${fmt(ratio, 2)}, to the fastest raw sink (${baseline.mode}) ${fmt(mbps / baseline.mbPerSec, 2)}`,
    );
    results.push(() => {
      verdict(`${label}: every upload finalised with 201 (${tusRuns.length})`, tusRuns.every((r) => r.status === 201));
      verdict(`${label} peak RSS ${fmt(peakMB(tusRuns))} MB, budget ≤ ${RSS_BUDGET_MB} MB`, peakMB(tusRuns) <= RSS_BUDGET_MB);
      verdict(`${label} throughput ratio ${fmt(ratio, 2)} (PATCHes ${fmt(mbps, 0)} / raw filesink ${fmt(fileSinkLoop.mbPerSec, 0)} MB/s), budget ≥ ${TUS_RATIO_BUDGET}`, ratio >= TUS_RATIO_BUDGET);
    });
  }
  console.log(`  temp files left: ${leftovers.length}; media files left after deletes: ${stored.length}; objects left in the bucket: ${s3 ? (await s3.keys()).length : "-"}`);
  console.log(`  load average at end ${await loadAverage()}\n`);
  for (const result of results) result();
  process.exitCode = verdicts.every(Boolean) ? 0 : 1;
} finally {
  for (const child of children) await child.stop();
  await s3?.stop();
  await tmp.remove();
}
