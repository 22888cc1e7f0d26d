/**
 * Single executable: time from spawn to the first 200 on /healthz with a 10,000-item database (median of 10 starts),
 * and of `casefile version` (budget 30 ms), plus the executable's size and, when podman has it, the container image's size (design.md §7: ≤ 50 ms).
 *
 *   node_modules/.bin/bun run build && node_modules/.bin/bun bench/startup.ts
 *   env: STARTUP_BENCH_RUNS (10), STARTUP_BENCH_IMAGE (localhost/casefile:container-test, made by tests/ship/container.sh)
 *
 * The executable is copied alone into a temp dir, seeded through its own `create-admin` (which creates and migrates
 * the database) plus 100 users and 10,000 evidence rows written with @libsql/client, then started RUNS times with
 * only PORT (and TMPDIR) set. /healthz is polled every millisecond, so the figure includes process start, unpacking
 * libSQL's addon, opening and checking the database, and the first request.
 *
 * Baseline, measured in the same run, interleaved: the runtime's floor — an executable compiled the same way
 * (`--compile --bytecode`) from one line that answers /healthz with Bun.serve — so "casefile − floor" (what
 * casefile itself adds) can be compared between machines, whose floors differ.
 */
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { createClient } from "@libsql/client";
import { fmt, freePort, ROOT, tempDir } from "./lib/proc";

const RUNS = Number(process.env.STARTUP_BENCH_RUNS ?? 10);
const IMAGE = process.env.STARTUP_BENCH_IMAGE ?? "localhost/casefile:container-test";
const ITEMS = 10_000;
const USERS = 100;
const BUDGET_MS = 50;
const VERSION_BUDGET_MS = 30;
const MIB = 1024 * 1024;

const built = path.join(ROOT, "dist/casefile");
if (!(await Bun.file(built).exists())) throw new Error("dist/casefile is missing: run `npm run build` first");

const work = await tempDir("startup");
const exe = path.join(work.dir, "casefile");
await copyFile(built, exe);
const env = { TMPDIR: process.env.TMPDIR ?? "/tmp" };

async function run(args: string[], extraEnv: Record<string, string> = {}) {
  const child = Bun.spawn([exe, ...args], { cwd: work.dir, env: { ...env, ...extraEnv }, stdout: "pipe", stderr: "pipe" });
  if ((await child.exited) !== 0) throw new Error(`casefile ${args.join(" ")}: ${await new Response(child.stderr).text()}`);
}

async function seed() {
  await run(["create-admin", "--username", "admin", "--email", "admin@example.org", "--password", "adminpass1"]);
  const db = createClient({ url: `file:${path.join(work.dir, "data/casefile.db")}` });
  const now = new Date().toISOString();
  const hash = await Bun.password.hash("bench-password");
  await db.batch(
    Array.from({ length: USERS }, (_, i) => ({
      sql: "INSERT INTO users (username, username_key, full_name, email, email_key, phone_number, pronouns, role, password_hash, video_watched, created_at) VALUES (?, ?, ?, ?, ?, ?, '', 1, ?, 1, ?)",
      args: [`bench_${i}`, `bench_${i}`, `Bench ${i}`, `bench_${i}@example.org`, `bench_${i}@example.org`, "5551234567", hash, now],
    })),
  );
  for (let from = 0; from < ITEMS; from += 1000) {
    await db.batch(
      Array.from({ length: 1000 }, (_, i) => ({
        sql: "INSERT INTO evidence (user_id, title, notes, is_public, media_type, date_posted) VALUES (?, ?, ?, ?, 1, ?)",
        args: [2 + ((from + i) % USERS), `Item ${from + i}`, "A note written during the show.", (from + i) % 2, now],
      })),
    );
  }
  const count = Number((await db.execute("SELECT count(*) AS n FROM evidence")).rows[0]!.n);
  db.close();
  if (count !== ITEMS) throw new Error(`seeded ${count} items, wanted ${ITEMS}`);
}

/** Milliseconds from spawn to the exit of `casefile version` (what a command that opens nothing costs). */
async function timeToVersion(): Promise<number> {
  const started = performance.now();
  const child = Bun.spawn([exe, "--version"], { cwd: work.dir, env, stdout: "ignore", stderr: "inherit" });
  if ((await child.exited) !== 0) throw new Error("casefile --version failed");
  return performance.now() - started;
}

const median = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};

/** The runtime's floor: a compiled program that only answers /healthz (see the header). */
async function buildFloor(): Promise<string> {
  const source = path.join(work.dir, "floor.ts");
  await Bun.write(source, 'Bun.serve({ port: Number(process.env.PORT), fetch: () => new Response("ok") });\n');
  const outfile = path.join(work.dir, "floor");
  const build = Bun.spawnSync([process.execPath, "build", "--compile", "--bytecode", "--minify", source, "--outfile", outfile], { stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`building the floor: ${build.stderr.toString()}`);
  return outfile;
}

/** Milliseconds from spawn to the first 200 on /healthz. */
async function timeToHealthy(program = exe): Promise<number> {
  const port = freePort();
  const started = performance.now();
  const child = Bun.spawn([program], { cwd: work.dir, env: { ...env, PORT: String(port) }, stdout: "ignore", stderr: "inherit" });
  try {
    for (let tries = 0; tries < 10_000; tries++) {
      if (child.exitCode !== null) throw new Error(`${path.basename(program)} exited with ${child.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
      if (status === 200) return performance.now() - started;
      await Bun.sleep(1);
    }
    throw new Error("no 200 on /healthz within 10,000 polls");
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

async function imageBytes(): Promise<number | undefined> {
  if (!Bun.which("podman")) return undefined;
  const probe = Bun.spawnSync(["podman", "image", "inspect", IMAGE, "--format", "{{.Size}}"], { stderr: "ignore" });
  return probe.exitCode === 0 ? Number(probe.stdout.toString().trim()) : undefined;
}

try {
  await seed();
  const floor = await buildFloor();
  await timeToHealthy(); // one unmeasured start each: the first unpacks libSQL's addon into a cold page cache
  await timeToHealthy(floor);
  const times: number[] = [];
  const floorTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    times.push(await timeToHealthy());
    floorTimes.push(await timeToHealthy(floor));
  }
  times.sort((a, b) => a - b);
  const startMedian = median(times);
  const floorMedian = median(floorTimes);
  const versions: number[] = [];
  for (let i = 0; i < RUNS; i++) versions.push(await timeToVersion());
  const versionMedian = median(versions);
  const image = await imageBytes();
  console.log(`start to first /healthz 200 (${ITEMS.toLocaleString("en-US")} items), ${RUNS} runs: ${times.map((t) => fmt(t)).join(", ")} ms`);
  console.log("");
  console.log("| what | measured | budget |");
  console.log("|---|---|---|");
  console.log(`| executable start → first /healthz 200, 10,000-row database (median of ${RUNS}; min ${fmt(times[0]!)}, max ${fmt(times[RUNS - 1]!)}) | ${fmt(startMedian)} ms | ≤ ${BUDGET_MS} ms ${startMedian <= BUDGET_MS ? "✅" : "❌"} |`);
  console.log(`| baseline: the runtime's floor, a compiled Bun.serve answering /healthz (median of ${RUNS}, interleaved) | ${fmt(floorMedian)} ms | — |`);
  console.log(`| what casefile adds to the floor (medians) | ${fmt(startMedian - floorMedian)} ms (${fmt(startMedian / floorMedian)}× the floor) | — |`);
  console.log(`| \`casefile version\` (median of ${RUNS}) | ${fmt(versionMedian)} ms | ≤ ${VERSION_BUDGET_MS} ms ${versionMedian <= VERSION_BUDGET_MS ? "✅" : "❌"} |`);
  console.log(`| \`dist/casefile\` size | ${fmt(Bun.file(built).size / MIB)} MiB | — |`);
  console.log(`| container image size (\`${IMAGE}\`) | ${image === undefined ? "not built here (run tests/ship/container.sh)" : `${fmt(image / MIB)} MiB`} | — |`);
} finally {
  await work.remove();
}
