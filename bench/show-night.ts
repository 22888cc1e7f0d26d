/**
 * Show night: a crowd of phones sends its evidence over the venue's Wi-Fi while an admin watches the console.
 *
 *   node_modules/.bin/bun bench/show-night.ts [--phones 300] [--ramp 30] [--drop 0.25] [--min-kbps 500]
 *     [--max-kbps 2000] [--photos multipart|tus] [--clip tus|multipart] [--seed 8] [--probe] [--crowd mixed|video]
 *     [--phones-nice 0]
 *
 * --crowd video (issue 22): each phone sends one ~8 MB video (60 s, 1280×720) over tus at 400 KB/s (3200 kbit/s,
 * no drops unless --drop is given) after registering and logging in.
 *
 * The real server (`bun src/main.ts serve`, fresh temp database and uploads folder, TRUST_PROXY=on, quotas and limits
 * at their defaults) runs as its own process. The phones run in another (bench/lib/show-night-phones.ts): each
 * arrives (spread over --ramp seconds) with its own X-Forwarded-For address and a link of 0.5–2 Mbit/s (its request
 * bodies are paced in the client), registers with a verification photo (1.1 MB JPEG), logs in, and sends three photos
 * (1.1, 2.0 and 2.6 MB JPEGs, 8–12 MP) and one 60 s clip (640×360 H.264 + AAC, 3.9 MB), each tagged so every item has
 * its own SHA-256. A share (--drop) of upload attempts is dropped part-way: multipart is sent again whole, tus resumes
 * after HEAD. Meanwhile this process is the admin and a visitor: every 250 ms it asks for the console's three lists at
 * once (GET /api/evidence/admin?limit=100, /api/evidence/admin/counts, /api/user/users) and, without a session, for the
 * public archive's first page (GET /api/evidence/public; 500 public notes are seeded before the server starts), and
 * times each answer; after the crowd it polls the same for 10 s with no phones (the same run's baseline: the machine's
 * own noise).
 * At the end every item a phone believes sent must be in the database with its exact SHA-256, and the stored file
 * must hash to it too.
 * Budgets (issues 8, 22): items lost 0; server peak RSS ≤ 256 MB; p99 of the admin's and the visitor's calls during the
 * load ≤ 50 ms.
 */
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import type { PhoneReport } from "./lib/phone";
import { type Child, cpuSeconds, fmt, freePort, loadAverage, ROOT, startChild, tempDir, percentile } from "./lib/proc";
import type { CrowdPlan } from "./lib/show-night-phones";
import { baseMedia, crowdVideo } from "./lib/show-night-media";

const { values: opts } = parseArgs({
  options: {
    phones: { type: "string", default: "300" },
    ramp: { type: "string", default: "30" },
    drop: { type: "string" },
    "min-kbps": { type: "string" },
    "max-kbps": { type: "string" },
    crowd: { type: "string", default: "mixed" },
    photos: { type: "string", default: "multipart" },
    clip: { type: "string", default: "tus" },
    seed: { type: "string", default: "8" },
    /** Diagnostics: the server runs with bench/lib/server-probe.ts preloaded (event-loop stalls, GC, heap). */
    probe: { type: "boolean", default: false },
    /**
     * The phones' process's niceness (0). On a 2-core machine the phones compete with the server for the same cores;
     * at 10 the server is scheduled first, nearer a venue where the phones are other machines (compare the two in one
     * session: the offered load is reported either way, in MB/s).
     */
    "phones-nice": { type: "string", default: "0" },
    /** Runtime flags for the server's bun, space-separated (e.g. "--smol"), to compare a setting in the same script. */
    "server-flags": { type: "string", default: "" },
  },
});
const transport = (name: string, value: string) => {
  if (value !== "multipart" && value !== "tus") throw new Error(`--${name} must be multipart or tus`);
  return value;
};

if (opts.crowd !== "mixed" && opts.crowd !== "video") throw new Error("--crowd must be mixed or video");
const videoCrowd = opts.crowd === "video";
const CROWD_DEFAULTS = videoCrowd ? { drop: "0", kbps: "3200" } : { drop: "0.25", minKbps: "500", maxKbps: "2000" };

const LOST_BUDGET = 0;
const RSS_BUDGET_MB = 256;
const P99_BUDGET_MS = 50;
const POLL_MS = 250;
const BASELINE_SECONDS = 10;
const MB = 1_000_000;
const MIB = 1024 * 1024;
const ADMIN = { ADMIN_USERNAME: "show_admin", ADMIN_EMAIL: "show_admin@example.org", ADMIN_PASSWORD: "show-admin-pass" };
const PROBE_FILE = path.join(ROOT, ".cache/show-night/probe.jsonl");
/** What the admin's console asks for (with the admin's session) and what a visitor's archive asks for (without). */
const ADMIN_LISTS = ["/api/evidence/admin?limit=100", "/api/evidence/admin/counts", "/api/user/users"];
const VISITOR_LISTS = ["/api/evidence/public"];
const PUBLIC_ITEMS = 500;


/** Memory lines of /proc/PID/status in KiB (VmRSS, VmHWM, RssAnon, RssFile). */
async function memory(pid: number): Promise<Record<string, number>> {
  const status = await Bun.file(`/proc/${pid}/status`).text().catch(() => "");
  return Object.fromEntries([...status.matchAll(/^(VmRSS|VmHWM|RssAnon|RssFile):\s+(\d+) kB/gm)].map((m) => [m[1]!, Number(m[2])]));
}

/** Microseconds some runnable task waited for a CPU, machine-wide (Linux PSI), or NaN where PSI is missing. */
async function cpuWaitMicros(): Promise<number> {
  const text = await Bun.file("/proc/pressure/cpu").text().catch(() => "");
  return Number(/^some .*total=(\d+)/m.exec(text)?.[1] ?? NaN);
}

/** The admin's console and a visitor's archive, polled until `until` settles: every call's latency, per list. */
async function pollLists(baseUrl: string, cookie: string, until: Promise<unknown>) {
  const times = new Map<string, number[]>([...ADMIN_LISTS, ...VISITOR_LISTS].map((p) => [p, []]));
  const failures: string[] = [];
  let done = false;
  void until.finally(() => (done = true));
  for (let cycle = 0; !done && cycle < 100_000; cycle++) {
    const started = performance.now();
    await Promise.all(
      [...times.keys()].map(async (list) => {
        const t = performance.now();
        const headers: Record<string, string> = ADMIN_LISTS.includes(list) ? { cookie, "x-forwarded-for": "10.0.0.1" } : { "x-forwarded-for": "10.0.0.2" };
        try {
          const res = await fetch(baseUrl + list, { headers, signal: AbortSignal.timeout(30_000) });
          await res.arrayBuffer();
          times.get(list)!.push(performance.now() - t);
          if (res.status !== 200) failures.push(`${list}: ${res.status}`);
        } catch (error) {
          failures.push(`${list}: ${(error as Error).message}`);
        }
      }),
    );
    await Bun.sleep(Math.max(0, POLL_MS - (performance.now() - started)));
  }
  return { times, failures };
}

/** Peak memory while `until` is pending, sampled every 100 ms (the kernel's VmHWM is read at the end as well). */
async function sampleMemory(pid: number, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  let peak: Record<string, number> = {};
  for (let i = 0; !done && i < 100_000; i++) {
    const now = await memory(pid);
    if ((now.VmRSS ?? 0) > (peak.VmRSS ?? 0)) peak = now;
    await Bun.sleep(100);
  }
  return peak;
}

type Stored = { username: string; title: string; sha256: string | null; size: number | null; storeKey: string | null };

async function storedItems(dbFile: string): Promise<Stored[]> {
  const db = createClient({ url: `file:${dbFile}` });
  try {
    const { rows } = await db.execute(
      "select u.username, e.title, m.sha256, m.size, m.store_key from evidence e join users u on u.id = e.user_id left join media_files m on m.id = e.media_id",
    );
    return rows.map((r) => ({ username: String(r.username), title: String(r.title), sha256: r.sha256 as string | null, size: r.size as number | null, storeKey: r.store_key as string | null }));
  } finally {
    db.close();
  }
}

/** The probe's lines summed up: the server's event-loop stalls and explicit full collections. */
async function probeSummary(): Promise<string> {
  const lines = (await Bun.file(PROBE_FILE).text()).trim().split("\n").map((l) => JSON.parse(l) as Record<string, number>);
  const stalls = lines.filter((l) => l.stall !== undefined).map((l) => l.stall!).sort((a, b) => b - a);
  const gcs = lines.filter((l) => l.gc !== undefined).map((l) => l.gc!).sort((a, b) => b - a);
  const heap = Math.max(...lines.filter((l) => l.heapMiB !== undefined).map((l) => l.heapMiB! + l.extraMiB!));
  return (
    `probe (${PROBE_FILE}): event-loop stalls > 40 ms: ${stalls.length}, ${fmt(stalls.reduce((a, b) => a + b, 0) / 1000, 1)} s in all, longest ${stalls.slice(0, 5).join(", ")} ms; ` +
    `Bun.gc(true): ${gcs.length} calls, ${fmt(gcs.reduce((a, b) => a + b, 0) / 1000, 1)} s in all, longest ${gcs.slice(0, 5).join(", ")} ms; peak JS heap + extra ${heap} MiB`
  );
}

const tmp = await tempDir("show-night");
const children: Child[] = [];
try {
  const phones = Number(opts.phones);
  console.log(`machine: ${navigator.hardwareConcurrency} cores, bun ${Bun.version}; load average at start ${await loadAverage()}`);
  const { photos, clip } = await baseMedia();
  if (opts.probe) await rm(PROBE_FILE, { force: true });
  console.log(`media: photos ${photos.map((p) => fmt(p.length / MB, 2)).join(", ")} MB; 60 s clip ${fmt(clip.length / MB, 2)} MB${videoCrowd ? `; the video crowd's 60 s video ${fmt((await crowdVideo()).length / MB, 2)} MB` : ""}`);

  const dbFile = path.join(tmp.dir, "db/casefile.db");
  const uploadsDir = path.join(tmp.dir, "uploads");
  const storage = { DATABASE_URL: `file:${dbFile}`, UPLOADS_DIR: uploadsDir };
  const seeder = Bun.spawn([process.execPath, "bench/lib/seed-public.ts"], { cwd: ROOT, env: { ...process.env, ...storage, SEED_ROWS: String(PUBLIC_ITEMS), SEED_USERS: "50", SEED_MEDIA: "none" }, stdout: "inherit", stderr: "inherit" });
  if ((await seeder.exited) !== 0) throw new Error("seeding the public archive failed");
  const server = await startChild({
    script: "src/main.ts",
    args: ["serve"],
    bunArgs: [...opts["server-flags"]!.split(" ").filter(Boolean), ...(opts.probe ? ["--preload", "./bench/lib/server-probe.ts"] : [])],
    port: freePort(),
    readyPath: "/healthz",
    // As the container and `npm start` run it (Dockerfile); MIMALLOC_PURGE_DELAY=10 in the environment compares the allocator's default.
    env: { MIMALLOC_PURGE_DELAY: process.env.MIMALLOC_PURGE_DELAY ?? "0", ...storage, TRUST_PROXY: "on", PROBE_OUT: PROBE_FILE, WEB_DIR: path.join(ROOT, "dist/web"), ...ADMIN },
  });
  children.push(server);
  const login = await fetch(`${server.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.0.0.1" },
    body: JSON.stringify({ usernameOrEmail: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  await login.arrayBuffer();
  const cookie = /casefile_session=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0];
  if (login.status !== 200 || !cookie) throw new Error(`admin login failed: ${login.status}`);
  await Bun.sleep(1000);
  const before = await memory(server.pid);
  await Bun.write(`/proc/${server.pid}/clear_refs`, "5").catch(() => {}); // VmHWM from here on

  const plan: CrowdPlan = {
    baseUrl: server.url,
    phones,
    rampSeconds: Number(opts.ramp),
    minKbps: Number(opts["min-kbps"] ?? CROWD_DEFAULTS.minKbps ?? CROWD_DEFAULTS.kbps),
    maxKbps: Number(opts["max-kbps"] ?? CROWD_DEFAULTS.maxKbps ?? CROWD_DEFAULTS.kbps),
    dropRate: Number(opts.drop ?? CROWD_DEFAULTS.drop),
    photoTransport: transport("photos", opts.photos!),
    clipTransport: transport("clip", opts.clip!),
    seed: Number(opts.seed),
    crowd: videoCrowd ? "video" : "mixed",
    out: path.join(tmp.dir, "phones.json"),
  };
  await Bun.write(path.join(tmp.dir, "plan.json"), JSON.stringify(plan));
  console.log(
    `${phones} phones (${opts.crowd} crowd) over ${plan.rampSeconds} s, links ${plan.minKbps}–${plan.maxKbps} kbit/s, drop rate ${plan.dropRate}; ` +
      `photos over ${plan.photoTransport}, clip over ${plan.clipTransport}; server idle RSS ${fmt((before.VmRSS ?? 0) / 1024)} MiB`,
  );

  const cpu0 = await cpuSeconds(server.pid);
  const wait0 = await cpuWaitMicros();
  const started = performance.now();
  const nice = Number(opts["phones-nice"]);
  const crowdCommand = [process.execPath, "bench/lib/show-night-phones.ts", path.join(tmp.dir, "plan.json")];
  const crowd = Bun.spawn(nice ? ["nice", "-n", String(nice), ...crowdCommand] : crowdCommand, {
    cwd: ROOT,
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "4096" },
    stdout: "inherit",
    stderr: "inherit",
  });
  const crowdDone = crowd.exited;
  const [admin, peak] = await Promise.all([pollLists(server.url, cookie, crowdDone), sampleMemory(server.pid, crowdDone)]);
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = (await cpuSeconds(server.pid)) - cpu0;
  const cpuWaitShare = ((await cpuWaitMicros()) - wait0) / 1e6 / seconds;
  const hwm = (await memory(server.pid)).VmHWM ?? 0;
  if ((await crowdDone) !== 0) throw new Error(`the phones' process exited with ${crowd.exitCode}`);
  // The same run's baseline: the same lists (now full) with the phones gone: the machine's own noise, the server at rest.
  const quiet = await pollLists(server.url, cookie, Bun.sleep(BASELINE_SECONDS * 1000));
  const { reports } = (await Bun.file(plan.out).json()) as { seconds: number; reports: PhoneReport[] };

  // ---- what arrived ------------------------------------------------------------------------------------------
  const stored = await storedItems(dbFile);
  const byKey = new Map<string, Stored[]>();
  for (const row of stored) byKey.set(`${row.username}\n${row.title}`, [...(byKey.get(`${row.username}\n${row.title}`) ?? []), row]);
  const items = reports.flatMap((r) => r.items.map((item) => ({ ...item, username: r.username })));
  const believed = items.filter((i) => i.sent);
  let lost = 0;
  let duplicated = 0;
  let answerMismatch = 0;
  let diskMismatch = 0;
  for (const item of believed) {
    const rows = byKey.get(`${item.username}\n${item.title}`) ?? [];
    const exact = rows.filter((r) => r.sha256 === item.sha256 && r.size === item.size);
    if (exact.length === 0) lost++;
    if (rows.length > 1) duplicated += rows.length - 1;
    if (item.answerSha256 !== item.sha256) answerMismatch++;
    const file = exact[0]?.storeKey ? Bun.file(path.join(uploadsDir, exact[0].storeKey)) : undefined;
    if (file && new Bun.CryptoHasher("sha256").update(await file.arrayBuffer()).digest("hex") !== item.sha256) diskMismatch++;
  }
  const unsent = items.filter((i) => !i.sent);
  const phoneErrors = reports.filter((r) => r.error);
  const leftovers = (await readdir(path.join(uploadsDir, ".tmp"), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile() && !e.name.endsWith(".owner"));

  // ---- report ------------------------------------------------------------------------------------------------
  const payloadBytes = believed.reduce((n, i) => n + i.size, 0);
  const wireBytes = reports.reduce((n, r) => n + r.bytesSent, 0);
  const drops = items.reduce((n, i) => n + i.drops, 0);
  const attempts = items.reduce((n, i) => n + i.attempts, 0);
  const refusals = items.reduce((n, i) => n + i.refusals, 0);
  const rates = reports.map((r) => (r.bytesPerSec * 8) / 1000).sort((a, b) => a - b);
  const itemSeconds = (kind: string) => items.filter((i) => i.kind === kind && i.sent).map((i) => i.seconds).sort((a, b) => a - b);
  const logins = reports.map((r) => r.loginSeconds).filter((s): s is number => s !== undefined).sort((a, b) => a - b);
  console.log("");
  console.log(`run: ${fmt(seconds, 1)} s; ${phones} phones (links ${fmt(rates[0]!, 0)}–${fmt(rates.at(-1)!, 0)} kbit/s), ${items.length} items planned, ${believed.length} confirmed to the phones`);
  console.log(`bytes: ${fmt(payloadBytes / MB, 0)} MB of items (+ ${fmt((reports.length * photos[0]!.length) / MB, 0)} MB of verification photos); ${fmt(wireBytes / MB, 0)} MB sent by the phones in all (drops resent), ${fmt(wireBytes / MB / seconds, 1)} MB/s`);
  console.log(`drops: ${drops} of ${attempts} upload attempts dropped part-way; all resent or resumed; ${refusals} resumed tus PATCHes answered 423/409 first (then HEAD again)`);
  for (const kind of ["photo", "clip"]) {
    const s = itemSeconds(kind);
    console.log(`${kind} send time (incl. drops): p50 ${fmt(percentile(s, 50), 1)} s, p95 ${fmt(percentile(s, 95), 1)} s, max ${fmt(s.at(-1) ?? NaN, 1)} s`);
  }
  console.log(`login: p50 ${fmt(percentile(logins, 50), 2)} s, max ${fmt(logins.at(-1) ?? NaN, 2)} s`);
  const crowdCpu = crowd.resourceUsage()?.cpuTime.total;
  console.log(`phones' process: CPU ${crowdCpu === undefined ? "?" : fmt(Number(crowdCpu) / 1e6, 1)} s at nice ${nice} (it shares the 2 cores with the server)`);
  console.log(`server: CPU ${fmt(serverCpu, 1)} s over the run (${fmt((serverCpu / seconds) * 100, 0)}% of one core); temp files left ${leftovers.length}${leftovers.length ? ` (${leftovers.slice(0, 5).map((e) => e.name).join(", ")})` : ""}`);
  console.log(
    `server RSS: idle ${fmt((before.VmRSS ?? 0) / 1024)} MiB; peak sampled ${fmt((peak.VmRSS ?? 0) / 1024)} MiB ` +
      `(anon ${fmt((peak.RssAnon ?? 0) / 1024)}, file ${fmt((peak.RssFile ?? 0) / 1024)}); VmHWM ${fmt(hwm / 1024)} MiB`,
  );
  const all = [...admin.times.values()].flat().sort((a, b) => a - b);
  for (const [list, times] of admin.times) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`${ADMIN_LISTS.includes(list) ? "admin  " : "visitor"} ${list.padEnd(32)} n ${sorted.length}  p50 ${fmt(percentile(sorted, 50), 1)} ms  p95 ${fmt(percentile(sorted, 95), 1)} ms  p99 ${fmt(percentile(sorted, 99), 1)} ms  max ${fmt(sorted.at(-1) ?? NaN, 1)} ms`);
  }
  const quietAll = [...quiet.times.values()].flat().sort((a, b) => a - b);
  console.log(`admin and visitor, all four lists, after the crowd (baseline, ${BASELINE_SECONDS} s, same lists, no phones): n ${quietAll.length}  p50 ${fmt(percentile(quietAll, 50), 1)} ms  p99 ${fmt(percentile(quietAll, 99), 1)} ms  max ${fmt(quietAll.at(-1) ?? NaN, 1)} ms`);
  console.log(`admin and visitor, all four lists, during the crowd: n ${all.length}  p50 ${fmt(percentile(all, 50), 1)} ms  p95 ${fmt(percentile(all, 95), 1)} ms  p99 ${fmt(percentile(all, 99), 1)} ms`);
  if (admin.failures.length) console.log(`admin failures: ${admin.failures.length}, first: ${admin.failures[0]}`);
  for (const r of phoneErrors.slice(0, 5)) console.log(`phone ${r.index}: ${r.error}`);
  for (const i of unsent.slice(0, 5)) console.log(`not sent: ${i.username} ${i.title}: ${i.error}`);
  if (opts.probe) console.log(await probeSummary());
  console.log(`machine CPU pressure during the crowd (PSI "some"): tasks were waiting for a CPU ${fmt(cpuWaitShare * 100, 0)}% of the time`);
  console.log(`load average at end ${await loadAverage()}`);

  const p99 = percentile(all, 99);
  const peakMb = (Math.max(hwm, peak.VmRSS ?? 0) * 1024) / MB;
  const verdicts = [
    [`items lost ${lost} of ${believed.length} confirmed (duplicates ${duplicated}, answers with another SHA-256 ${answerMismatch}, stored files not matching ${diskMismatch}; not confirmed to the phone ${unsent.length}, phones failed ${phoneErrors.length}), budget ${LOST_BUDGET}`, lost + duplicated + answerMismatch + diskMismatch + unsent.length + phoneErrors.length <= LOST_BUDGET],
    [`server peak RSS ${fmt(peakMb)} MB (${fmt(peakMb / (MIB / MB))} MiB), budget ≤ ${RSS_BUDGET_MB} MB`, peakMb <= RSS_BUDGET_MB],
    [`admin and visitor calls p99 ${fmt(p99, 1)} ms (n ${all.length}, failures ${admin.failures.length}), budget ≤ ${P99_BUDGET_MS} ms`, p99 <= P99_BUDGET_MS && admin.failures.length === 0],
  ] as const;
  for (const [text, ok] of verdicts) console.log(`RESULT ${text}: ${ok ? "PASS" : "FAIL"}`);
  process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
} finally {
  for (const child of children) await child.stop();
  await tmp.remove();
}
