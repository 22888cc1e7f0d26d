/**
 * Interleaved start-up of several builds of the executable (steadier than comparing runs of bench/startup.ts):
 *   node_modules/.bin/bun bench/lib/startup-ab.ts <executable A> <executable B> …   env: RUNS (30)
 * One database seeded as bench/startup.ts does (10,000 items, through the first executable's create-admin), then each
 * executable started in turn, RUNS times: milliseconds from spawn to the first 200 on /healthz; medians and minimums.
 */
import { createClient } from "@libsql/client";
import { freePort, median, tempDir } from "./proc";

const programs = process.argv.slice(2);
if (programs.length === 0) throw new Error("usage: startup-ab.ts <executable> …");
const RUNS = Number(process.env.RUNS ?? 30);
const work = await tempDir("startup-ab");
const env = { TMPDIR: process.env.TMPDIR ?? "/tmp" };

const admin = Bun.spawn([programs[0]!, "create-admin", "--username", "admin", "--email", "admin@example.org", "--password", "adminpass1"], { cwd: work.dir, env, stderr: "pipe" });
if ((await admin.exited) !== 0) throw new Error(`create-admin: ${await new Response(admin.stderr).text()}`);
const db = createClient({ url: `file:${work.dir}/data/casefile.db` });
const now = new Date().toISOString();
for (let from = 0; from < 10_000; from += 1000) {
  await db.batch(
    Array.from({ length: 1000 }, (_, i) => ({
      sql: "INSERT INTO evidence (user_id, title, notes, is_public, media_type, date_posted) VALUES (1, ?, 'A note written during the show.', ?, 1, ?)",
      args: [`Item ${from + i}`, (from + i) % 2, now],
    })),
  );
}
db.close();

async function timeToHealthy(program: string): Promise<number> {
  const port = freePort();
  const started = performance.now();
  const child = Bun.spawn([program], { cwd: work.dir, env: { ...env, PORT: String(port) }, stdout: "ignore", stderr: "ignore" });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${program} exited with ${child.exitCode}`);
      if ((await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0)) === 200) return performance.now() - started;
      await Bun.sleep(1);
    }
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

const times = programs.map((): number[] => []);
for (let run = 0; run < RUNS; run++) for (const [i, program] of programs.entries()) times[i]!.push(await timeToHealthy(program));
for (const [i, program] of programs.entries()) console.log(`${program}: median ${median(times[i]!).toFixed(1)} ms, min ${Math.min(...times[i]!).toFixed(1)} ms (${RUNS} starts)`);
await work.remove();
