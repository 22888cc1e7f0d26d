/**
 * Lighthouse, mobile preset (its default form factor and simulated throttling), against the real server
 * (design.md §7: performance ≥ 95, accessibility 100 for /home, /login, /archive).
 * Run: node_modules/.bin/bun bench/lighthouse.ts
 *   env: LH_RUNS (3, at most 5; performance is the median), LH_PATHS (/home,/login,/archive), LH_ITEMS (12, archive seed)
 * Lighthouse is not a dependency (it is heavy): it is installed on demand into .cache/lighthouse (gitignored) at a
 * pinned version. 12.8.x, because 13.x requires Node ≥ 22.19 and this machine's `node` may be older.
 * The server is tests/support/server.ts's (fresh temp database, built dist/web — rebuilt when older than web/);
 * the archive gets LH_ITEMS public photos with thumbnails, uploaded through the API by a registered participant and
 * made public with PUT /api/evidence/makeAllPublic as the admin. Pages are loaded as a visitor (no session).
 * JSON reports are kept in .cache/lighthouse/reports/ for a closer look.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminActor, fixture, form, newParticipant } from "../tests/support/client";
import { startTestServer } from "../tests/support/server";
import { ensureWebBuilt } from "./web-size";

const ROOT = path.resolve(import.meta.dir, "..");
const LH_VERSION = "12.8.2";
const LH_DIR = path.join(ROOT, ".cache/lighthouse");
const LH_CLI = path.join(LH_DIR, "node_modules/lighthouse/cli/index.js");
const REPORTS = path.join(LH_DIR, "reports");
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";
const RUNS = Math.max(1, Math.min(5, Number(process.env.LH_RUNS ?? 3)));
const PATHS = (process.env.LH_PATHS ?? "/home,/login,/archive").split(",").map((p) => p.trim()).filter(Boolean);
const ITEMS = Math.max(1, Math.min(50, Number(process.env.LH_ITEMS ?? 12)));
const PERF_BUDGET = 95;
const A11Y_BUDGET = 100;

type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number; details?: { items?: Record<string, unknown>[] } };
type Report = {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runWarnings: string[];
  environment: { benchmarkIndex: number; hostUserAgent: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] }>;
  audits: Record<string, Audit>;
};

async function run(cmd: string[], opts: { env?: Record<string, string>; cwd?: string; timeoutMs: number }): Promise<{ code: number | string; stderr: string }> {
  const proc = Bun.spawn(cmd, { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env }, stdout: "ignore", stderr: "pipe" });
  const stderr = new Response(proc.stderr).text();
  const code = await Promise.race([proc.exited, Bun.sleep(opts.timeoutMs).then(() => "timeout" as const)]);
  if (code === "timeout") proc.kill("SIGKILL");
  return { code, stderr: await stderr };
}

async function ensureLighthouse(): Promise<void> {
  const installed = existsSync(LH_CLI) ? JSON.parse(await readFile(path.join(LH_DIR, "node_modules/lighthouse/package.json"), "utf8")).version : undefined;
  if (installed === LH_VERSION) return;
  console.log(`installing lighthouse@${LH_VERSION} into .cache/lighthouse …`);
  await mkdir(LH_DIR, { recursive: true });
  const { code, stderr } = await run(["npm", "install", "--prefix", LH_DIR, "--no-save", "--no-audit", "--no-fund", `lighthouse@${LH_VERSION}`], { timeoutMs: 300_000 });
  if (code !== 0) throw new Error(`npm install lighthouse failed (${code}):\n${stderr}`);
}

/** Photos for the archive: ffmpeg test pictures (1280x960 JPEG, 320x240 WebP thumbnail), else the tiny fixtures. */
async function photos(dir: string, count: number): Promise<{ file: File; thumbnail: File }[]> {
  const out: { file: File; thumbnail: File }[] = [];
  const ffmpeg = Bun.which("ffmpeg");
  for (let i = 0; i < count; i++) {
    if (ffmpeg) {
      const jpg = path.join(dir, `photo-${i}.jpg`);
      const webp = path.join(dir, `thumb-${i}.webp`);
      const source = ["-f", "lavfi", "-i", `testsrc2=size=1280x960:rate=1,hue=h=${i * 30}`, "-frames:v", "1"];
      const a = await run([ffmpeg, "-y", "-loglevel", "error", ...source, "-q:v", "4", jpg], { timeoutMs: 30_000 });
      const b = await run([ffmpeg, "-y", "-loglevel", "error", ...source, "-vf", "scale=320:240", "-quality", "70", webp], { timeoutMs: 30_000 });
      if (a.code === 0 && b.code === 0) {
        out.push({
          file: new File([await Bun.file(jpg).arrayBuffer()], `photo-${i}.jpg`, { type: "image/jpeg" }),
          thumbnail: new File([await Bun.file(webp).arrayBuffer()], `thumb-${i}.webp`, { type: "image/webp" }),
        });
        continue;
      }
    }
    out.push({ file: await fixture("photo.jpg", "image/jpeg"), thumbnail: await fixture("photo.webp", "image/webp") });
  }
  return out;
}

async function seedArchive(baseUrl: string, dir: string): Promise<void> {
  const { actor } = await newParticipant(baseUrl);
  const list = await photos(dir, ITEMS);
  for (const [i, p] of list.entries()) {
    const response = await actor.post("/api/evidence", form({ title: `Bridge, night ${i + 1}`, notes: "Seen from the east bank.", location: "Main & 5th" }, { file: p.file, thumbnail: p.thumbnail }));
    if (response.status !== 201) throw new Error(`upload ${i} failed: ${response.status} ${await response.text()}`);
  }
  const made = await (await adminActor(baseUrl)).put("/api/evidence/makeAllPublic");
  if (made.status !== 200) throw new Error(`makeAllPublic failed: ${made.status}`);
  const publicList = (await (await fetch(`${baseUrl}/api/evidence/public?limit=50`)).json()) as unknown[];
  const sizes = list.map((p) => `${(p.file.size / 1024).toFixed(0)}/${(p.thumbnail.size / 1024).toFixed(1)}`);
  console.log(`archive: ${publicList.length} public photos (KB photo/thumbnail: ${sizes.slice(0, 3).join(", ")}, …)`);
}

async function lighthouse(url: string, outFile: string): Promise<Report> {
  const { code, stderr } = await run(
    [
      "node",
      LH_CLI,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${outFile}`,
      "--only-categories=performance,accessibility",
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { CHROME_PATH: "/usr/bin/chromium" }, timeoutMs: 180_000 },
  );
  if (code !== 0) throw new Error(`lighthouse ${url} failed (${code}):\n${stderr.slice(-2000)}`);
  return JSON.parse(await readFile(outFile, "utf8")) as Report;
}

const score = (r: Report, category: string) => Math.round((r.categories[category]!.score ?? 0) * 100);
const ms = (a: Audit | undefined) => (a?.numericValue === undefined ? "?" : `${Math.round(a.numericValue)} ms`);

/** Audits of a category that lose points: weighted audits below 1, then opportunities/diagnostics below 0.9. */
function failing(r: Report, category: string): string[] {
  const lines: string[] = [];
  const refs = r.categories[category]!.auditRefs;
  for (const ref of refs) {
    const a = r.audits[ref.id]!;
    const scored = a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "numeric" || a.scoreDisplayMode === "metricSavings";
    if (!scored || a.score === null || a.score >= (ref.weight > 0 ? 1 : 0.9)) continue;
    lines.push(`    ${ref.weight > 0 ? `[weight ${ref.weight}]` : "[no weight]"} ${a.id} (score ${a.score}): ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ""}`);
    for (const item of (a.details?.items ?? []).slice(0, 4)) {
      const what = (item.url ?? (item.node as { snippet?: string } | undefined)?.snippet ?? item.label ?? "") as string;
      const bytes = item.wastedBytes !== undefined ? ` wasted ${(Number(item.wastedBytes) / 1024).toFixed(1)} KB of ${(Number(item.totalBytes) / 1024).toFixed(1)} KB` : "";
      const time = item.wastedMs !== undefined ? ` ~${Math.round(Number(item.wastedMs))} ms` : "";
      if (what || bytes) lines.push(`        ${String(what).replace(/^https?:\/\/[^/]+/, "").slice(0, 140)}${bytes}${time}`);
    }
  }
  return lines;
}

/** What Lighthouse says about the server itself: compression, caching, response time, bytes. */
function serverNotes(r: Report): string[] {
  const a = r.audits;
  const notes = [
    `server-response-time: ${a["server-response-time"]?.displayValue ?? "?"}`,
    `uses-text-compression: score ${a["uses-text-compression"]?.score} ${a["uses-text-compression"]?.displayValue ?? "(nothing left to compress)"}`,
    `uses-long-cache-ttl: score ${a["uses-long-cache-ttl"]?.score} ${a["uses-long-cache-ttl"]?.displayValue ?? ""}`,
    `total-byte-weight: ${a["total-byte-weight"]?.displayValue ?? "?"}; render-blocking-resources: ${a["render-blocking-resources"]?.displayValue ?? "none"}`,
  ];
  for (const item of (a["uses-long-cache-ttl"]?.details?.items ?? []).slice(0, 5)) {
    notes.push(`  short cache: ${String(item.url).replace(/^https?:\/\/[^/]+/, "")} (${Math.round(Number(item.cacheLifetimeMs) / 1000)} s)`);
  }
  const requests = (a["network-requests"]?.details?.items ?? []) as { url: string; transferSize: number; resourceSize: number; resourceType?: string }[];
  for (const q of requests) {
    notes.push(`  ${q.url.replace(/^https?:\/\/[^/]+/, "").padEnd(40)} ${(q.resourceType ?? "").padEnd(10)} wire ${(q.transferSize / 1024).toFixed(1).padStart(6)} KB, body ${(q.resourceSize / 1024).toFixed(1).padStart(6)} KB`);
  }
  return notes;
}

if (import.meta.main) {
  await ensureLighthouse();
  await ensureWebBuilt();
  await mkdir(REPORTS, { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), "casefile-bench-lh-"));
  const server = await startTestServer();
  const summary: string[] = [];
  let allPass = true;
  try {
    await seedArchive(server.url, work);
    // Warm-up: the first request of each file makes its compressed copies (brotli in the background).
    for (const p of PATHS) await (await fetch(server.url + p)).text();
    const html = await (await fetch(`${server.url}/home`)).text();
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|svg))"/g)) await (await fetch(server.url + asset!)).arrayBuffer();
    await Bun.sleep(1500);

    for (const p of PATHS) {
      const reports: Report[] = [];
      for (let i = 0; i < RUNS; i++) reports.push(await lighthouse(server.url + p, path.join(REPORTS, `${p.replace(/\W+/g, "") || "root"}-${i + 1}.json`)));
      const perfs = reports.map((r) => score(r, "performance"));
      const a11ys = reports.map((r) => score(r, "accessibility"));
      const order = perfs.map((s, i) => [s, i] as const).sort((x, y) => x[0] - y[0]);
      const [medianPerf, medianIndex] = order[Math.floor(order.length / 2)]!;
      const median = reports[medianIndex]!;
      const a11y = Math.min(...a11ys);
      const perfOk = medianPerf >= PERF_BUDGET;
      const a11yOk = a11y >= A11Y_BUDGET;
      allPass &&= perfOk && a11yOk;
      const m = median.audits;
      console.log(`\n${p}  (lighthouse ${median.lighthouseVersion}, mobile, benchmarkIndex ${Math.round(median.environment.benchmarkIndex)})`);
      console.log(`  performance runs ${perfs.join(", ")} → median ${medianPerf} (budget ≥ ${PERF_BUDGET}): ${perfOk ? "PASS" : "FAIL"}`);
      console.log(`  accessibility runs ${a11ys.join(", ")} → ${a11y} (budget ${A11Y_BUDGET}): ${a11yOk ? "PASS" : "FAIL"}`);
      console.log(
        `  median run: FCP ${ms(m["first-contentful-paint"])}, LCP ${ms(m["largest-contentful-paint"])}, TBT ${ms(m["total-blocking-time"])}, ` +
          `CLS ${m["cumulative-layout-shift"]?.numericValue?.toFixed(3)}, SI ${ms(m["speed-index"])}, TTI ${ms(m["interactive"])}`,
      );
      if (median.runWarnings.length) console.log(`  warnings: ${median.runWarnings.join(" | ")}`);
      if (!perfOk) console.log(["  performance audits losing points (median run):", ...failing(median, "performance")].join("\n"));
      else console.log(["  performance audits still below 1 (for information):", ...failing(median, "performance")].join("\n"));
      if (!a11yOk) {
        const worst = reports[a11ys.indexOf(a11y)]!;
        console.log(["  accessibility audits failing:", ...failing(worst, "accessibility")].join("\n"));
      }
      console.log(["  server:", ...serverNotes(median).map((l) => `    ${l}`)].join("\n"));
      summary.push(`${p.padEnd(9)} performance ${medianPerf} (${perfs.join("/")}) ${perfOk ? "PASS" : "FAIL"}, accessibility ${a11y} ${a11yOk ? "PASS" : "FAIL"}, FCP ${ms(m["first-contentful-paint"])}, LCP ${ms(m["largest-contentful-paint"])}`);
    }
  } finally {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
  console.log(`\nsummary (median of ${RUNS} runs for performance; lowest accessibility):\n${summary.map((s) => `  ${s}`).join("\n")}`);
  console.log(allPass ? "all Lighthouse budgets PASS" : "some Lighthouse budget FAILS");
}
