/**
 * GET /api/evidence/public (page of 50) over 10,000 public rows, against a bare Bun.serve returning the same bytes
 * (design.md §7). Run: node_modules/.bin/bun bench/public-list.ts
 *   env: LIST_BENCH_ROWS (10000), LIST_BENCH_SECONDS (10), LIST_BENCH_CONNECTIONS (100), LIST_BENCH_ROUNDS (3)
 * Load: wrk (`apt-get install -y wrk`) with one thread, else a Bun fetch loop (slower: it shares the CPU harder).
 * Both servers are children on 127.0.0.1; runs alternate bare/casefile; medians over rounds. Server CPU per request
 * (user+system from /proc) is printed too: on a shared machine it is steadier than req/s and p99.
 * Budgets: casefile req/s ≥ 0.5 × bare req/s; casefile p99 ≤ 20 ms at 100 connections.
 */
import path from "node:path";
import { load, type LoadResult, wrkAvailable } from "./lib/load";
import { type Child, cpuSeconds, fmt, freePort, loadAverage, median, ROOT, startChild, tempDir } from "./lib/proc";

const ROWS = Number(process.env.LIST_BENCH_ROWS ?? 10_000);
const SECONDS = Math.min(60, Number(process.env.LIST_BENCH_SECONDS ?? 10));
const CONNECTIONS = Number(process.env.LIST_BENCH_CONNECTIONS ?? 100);
const ROUNDS = Math.min(5, Number(process.env.LIST_BENCH_ROUNDS ?? 3));
const USERS = 500;
const PATH = "/api/evidence/public?limit=50";
const RATIO_BUDGET = 0.5;
const P99_BUDGET_MS = 20;

const tmp = await tempDir("list");
const env = {
  DATABASE_URL: `file:${tmp.dir}/db/casefile.db`,
  UPLOADS_DIR: `${tmp.dir}/uploads`,
  WEB_DIR: path.join(ROOT, "dist/web"),
  MAX_UPLOAD_MB: "1024",
};

const children: Child[] = [];
try {
  console.log(`machine: ${navigator.hardwareConcurrency} cores, bun ${Bun.version}; load: ${wrkAvailable() ? "wrk -t1" : "bun fetch loop (wrk not installed)"}`);
  console.log(`load average at start ${await loadAverage()}`);
  const seedStart = performance.now();
  // Seeding runs in its own process so its database connection is surely closed before the server opens the file.
  const seeder = Bun.spawn([process.execPath, "bench/lib/seed-public.ts"], { cwd: ROOT, env: { ...process.env, ...env, SEED_ROWS: String(ROWS), SEED_USERS: String(USERS) }, stdout: "inherit", stderr: "inherit" });
  const seeded = await Promise.race([seeder.exited, Bun.sleep(120_000).then(() => "timeout" as const)]);
  if (seeded !== 0) {
    seeder.kill("SIGKILL");
    throw new Error(`seeding failed: ${seeded}`);
  }
  console.log(`seeded ${USERS} users and ${ROWS} public items in ${fmt((performance.now() - seedStart) / 1000, 1)} s`);

  const profileDir = process.env.LIST_BENCH_PROFILE_DIR; // optional: CPU profile of the server, written at exit
  const bunArgs = profileDir ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${profileDir}`] : [];
  // LIST_BENCH_SERVER_SCRIPT: measure another build of the server (e.g. an experimental copy) instead of src/main.ts.
  const server = await startChild({ script: process.env.LIST_BENCH_SERVER_SCRIPT ?? "src/main.ts", bunArgs, port: freePort(), readyPath: "/healthz", env });
  children.push(server);
  const sample = await fetch(server.url + PATH, { signal: AbortSignal.timeout(10_000) });
  const bytes = new Uint8Array(await sample.arrayBuffer());
  const page = JSON.parse(new TextDecoder().decode(bytes)) as { id: number }[];
  if (sample.status !== 200 || page.length !== 50 || page[0]!.id !== ROWS) throw new Error(`unexpected answer: ${sample.status}, ${page.length} items`);
  const headers: Record<string, string> = {};
  sample.headers.forEach((value, name) => {
    if (!["date", "content-length", "transfer-encoding", "connection", "keep-alive"].includes(name)) headers[name] = value;
  });
  const bytesFile = path.join(tmp.dir, "page.json");
  await Bun.write(bytesFile, bytes);
  console.log(`response: ${bytes.length} bytes, ${page.length} items, headers: ${Object.keys(headers).join(", ")}`);

  const bare = await startChild({ script: "bench/lib/bare-bytes.ts", port: freePort(), readyPath: "/", env: { BYTES_FILE: bytesFile, HEADERS_JSON: JSON.stringify(headers) } });
  children.push(bare);
  const check = await fetch(bare.url + PATH);
  if (!Bun.deepEquals(new Uint8Array(await check.arrayBuffer()), bytes)) throw new Error("bare server answers different bytes");

  // Warm-up (JIT, statement cache, page cache): 2 s each, not counted.
  await load(bare.url + PATH, CONNECTIONS, 2);
  await load(server.url + PATH, CONNECTIONS, 2);

  type Row = LoadResult & { label: string; cpu: number };
  const rows: Row[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [bare, server] : [server, bare];
    for (const target of order) {
      const label = target === bare ? "bare Bun.serve" : "casefile";
      const cpu0 = await cpuSeconds(target.pid);
      const result = await load(target.url + PATH, CONNECTIONS, SECONDS);
      const row = { ...result, label, cpu: (await cpuSeconds(target.pid)) - cpu0 };
      rows.push(row);
      console.log(
        `round ${round + 1}  ${label.padEnd(15)} ${fmt(row.rps, 0).padStart(7)} req/s  p50 ${fmt(row.p50, 2)} ms  p90 ${fmt(row.p90, 2)} ms  ` +
          `p99 ${fmt(row.p99, 2)} ms  errors ${row.errors}  server cpu ${fmt(row.cpu, 1)} s / ${SECONDS} s = ${fmt((row.cpu / row.requests) * 1e6, 0)} µs/request  ` +
          `(${row.tool}, ${CONNECTIONS} connections)`,
      );
    }
  }
    const of = (label: string) => rows.filter((r) => r.label === label);
  const bareRps = median(of("bare Bun.serve").map((r) => r.rps));
  const appRps = median(of("casefile").map((r) => r.rps));
  const appP99s = of("casefile").map((r) => r.p99);
  const appP99 = median(appP99s);
  const bareP99 = median(of("bare Bun.serve").map((r) => r.p99));
  const cpuPerReq = (label: string) => median(of(label).map((r) => (r.cpu / r.requests) * 1e6));
  const errors = of("casefile").reduce((s, r) => s + r.errors, 0);
  const ratio = appRps / bareRps;
  console.log(`\nmedian req/s: bare ${fmt(bareRps, 0)}, casefile ${fmt(appRps, 0)}; casefile errors ${errors}`);
  console.log(`median p99: bare ${fmt(bareP99, 2)} ms, casefile ${fmt(appP99, 2)} ms (casefile per round: ${appP99s.map((p) => fmt(p, 2)).join(", ")} ms)`);
  console.log(`median server CPU per request: bare ${fmt(cpuPerReq("bare Bun.serve"), 1)} µs, casefile ${fmt(cpuPerReq("casefile"), 1)} µs (ratio ${fmt(cpuPerReq("bare Bun.serve") / cpuPerReq("casefile"), 2)})`);
  console.log(`load average at end ${await loadAverage()}`);
  console.log(`RESULT req/s ratio ${fmt(ratio, 2)}, budget ≥ ${RATIO_BUDGET}: ${ratio >= RATIO_BUDGET ? "PASS" : "FAIL"}`);
  console.log(`RESULT p99 (median of rounds) ${fmt(appP99, 2)} ms, budget ≤ ${P99_BUDGET_MS} ms: ${appP99 <= P99_BUDGET_MS ? "PASS" : "FAIL"}`);
  process.exitCode = ratio >= RATIO_BUDGET && appP99 <= P99_BUDGET_MS && errors === 0 ? 0 : 1;
} finally {
  for (const child of children) await child.stop();
  await tmp.remove();
}
