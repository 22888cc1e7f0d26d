/**
 * What the file database's client costs the lists an admin and a visitor ask for during a show (issue 22): the same
 * seeded database (350 participants, 800 items) served twice, by a server on src/db/file-client.ts and by one on
 * `@libsql/client/sqlite3` (a copy of src/ under .cache/ whose file-client.ts opens that client, with one connection
 * as the server had it before; a runtime plugin cannot swap the module, as it stops Bun's macros), each asked the
 * console's three lists and
 * the archive's first page at once, cycle after cycle, nothing else running. Rounds alternate the two servers.
 *
 *   node_modules/.bin/bun bench/db-client.ts [--cycles 150] [--rounds 3]
 *
 * Prints per server the server's CPU per cycle (user+system from /proc: steadier than latency on a shared machine) and
 * the p50/p99 of the calls, and the ratio of ours to the baseline.
 */
import { cp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Child, cpuSeconds, fmt, freePort, loadAverage, median, percentile, ROOT, startChild, tempDir } from "./lib/proc";

const { values: opts } = parseArgs({ options: { cycles: { type: "string", default: "150" }, rounds: { type: "string", default: "3" } } });
const CYCLES = Number(opts.cycles);
const ROUNDS = Number(opts.rounds);
const WARMUP_CYCLES = 20;
/** Optional: each server's CPU profile (Markdown), written at its exit into this folder. */
const PROFILE_DIR = process.env.DB_BENCH_PROFILE_DIR;
const ADMIN = { ADMIN_USERNAME: "bench_admin", ADMIN_EMAIL: "bench_admin@example.org", ADMIN_PASSWORD: "bench-admin-pass" };
const LISTS = [
  { path: "/api/evidence/admin?limit=100", admin: true },
  { path: "/api/evidence/admin/counts", admin: true },
  { path: "/api/user/users", admin: true },
  { path: "/api/evidence/public", admin: false },
];

/** The server's source as it is, but for the file database's client: `@libsql/client/sqlite3`'s. */
async function baselineSource(): Promise<string> {
  const dir = path.join(ROOT, ".cache/db-client-baseline");
  await rm(dir, { recursive: true, force: true });
  for (const part of ["src", "locales", "migrations", "package.json"]) await cp(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  await Bun.write(
    path.join(dir, "src/db/file-client.ts"),
    `import { createClient } from "@libsql/client/sqlite3";\nexport const openFileClient = (path: string) => createClient({ url: "file:" + path, concurrency: 1 });\n`,
  );
  return path.join(dir, "src/main.ts");
}

type Server = { name: string; child: Child; cookie: string; cpuMsPerCycle: number[]; calls: number[] };

async function start(name: string, dir: string, script: string): Promise<Server> {
  const child = await startChild({
    script,
    args: ["serve"],
    bunArgs: PROFILE_DIR ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${PROFILE_DIR}/${name.replace(/\W+/g, "-")}`] : [],
    port: freePort(),
    readyPath: "/healthz",
    env: { DATABASE_URL: `file:${dir}/db/casefile.db`, UPLOADS_DIR: `${dir}/uploads`, WEB_DIR: path.join(ROOT, "dist/web"), RENDITION_JOBS: "0", ...ADMIN },
  });
  const login = await fetch(`${child.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ usernameOrEmail: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  await login.arrayBuffer();
  const cookie = /casefile_session=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0];
  if (login.status !== 200 || !cookie) throw new Error(`${name}: admin login failed: ${login.status}`);
  return { name, child, cookie, cpuMsPerCycle: [], calls: [] };
}

/** The four lists at once, `cycles` times; each call's latency when `record`. */
async function cycle(server: Server, cycles: number, record: boolean): Promise<void> {
  for (let i = 0; i < cycles; i++) {
    await Promise.all(
      LISTS.map(async (list) => {
        const started = performance.now();
        const res = await fetch(server.child.url + list.path, { headers: list.admin ? { cookie: server.cookie } : {} });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${server.name} ${list.path}: ${res.status}`);
        if (record) server.calls.push(performance.now() - started);
      }),
    );
  }
}

const tmp = await tempDir("db-client");
const servers: Server[] = [];
try {
  console.log(`machine: ${navigator.hardwareConcurrency} cores, bun ${Bun.version}; load average at start ${await loadAverage()}`);
  const [seed, ours, baseline] = ["seed", "ours", "baseline"].map((name) => path.join(tmp.dir, name)) as [string, string, string];
  const seeder = Bun.spawn([process.execPath, "bench/lib/seed-public.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `file:${seed}/db/casefile.db`, UPLOADS_DIR: `${seed}/uploads`, SEED_ROWS: "800", SEED_USERS: "350", SEED_MEDIA: "none" },
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await seeder.exited) !== 0) throw new Error("seeding failed");
  // Each server gets its own copy of the database: the file and its write-ahead log, which holds what the seeder wrote
  // last (a copy of the file alone would be missing rows and measure less work).
  for (const dir of [ours, baseline]) {
    for (const file of await readdir(`${seed}/db`)) await cp(`${seed}/db/${file}`, `${dir}/db/${file}`);
  }
  servers.push(await start("file-client.ts", ours, "src/main.ts"), await start("@libsql/client", baseline, await baselineSource()));
  for (const server of servers) await cycle(server, WARMUP_CYCLES, false);
  for (let round = 0; round < ROUNDS; round++) {
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      const cpuBefore = await cpuSeconds(server.child.pid);
      await cycle(server, CYCLES, true);
      server.cpuMsPerCycle.push(((await cpuSeconds(server.child.pid)) - cpuBefore) * 1000 / CYCLES);
    }
  }
  for (const server of servers) {
    const calls = [...server.calls].sort((a, b) => a - b);
    console.log(
      `${server.name.padEnd(16)} server CPU per cycle of four lists: ${server.cpuMsPerCycle.map((ms) => fmt(ms, 2)).join(" / ")} ms (median ${fmt(median(server.cpuMsPerCycle), 2)}); ` +
        `calls p50 ${fmt(percentile(calls, 50), 2)} ms, p99 ${fmt(percentile(calls, 99), 2)} ms`,
    );
  }
  const [mine, theirs] = servers as [Server, Server];
  console.log(`ratio file-client.ts / @libsql/client: CPU ${fmt(median(mine.cpuMsPerCycle) / median(theirs.cpuMsPerCycle), 2)}, p99 ${fmt(percentile([...mine.calls].sort((a, b) => a - b), 99) / percentile([...theirs.calls].sort((a, b) => a - b), 99), 2)}`);
  console.log(`load average at end ${await loadAverage()}`);
} finally {
  for (const server of servers) await server.child.stop();
  await tmp.remove();
}
