/**
 * Mobile page vitals without Lighthouse (not installed here, and not to be): /home, /login and /archive loaded as a
 * visitor in Chromium (playwright-core) at 390×844 (DPR 1.75, touch), with 4× CPU throttling
 * (CDP Emulation.setCPUThrottlingRate) and Lighthouse's DevTools "Slow 4G" link (CDP
 * Network.emulateNetworkConditions: 562.5 ms RTT, 1474.56 kbit/s down, 607.5 kbit/s up, what Lighthouse applies in
 * its devtools throttling mode). Measured in the page with PerformanceObserver: First Contentful Paint, Largest
 * Contentful Paint, Total Blocking Time (long tasks after FCP: the part of each beyond 50 ms, up to 5 s after load),
 * CLS (largest session window, as web-vitals counts it), and the bytes transferred (CDP Network.loadingFinished
 * encodedDataLength, every request up to the end of the measurement). Then axe (tests/browser/axe's AxeBuilder) on the
 * loaded page, unthrottled: violations by impact.
 * Baseline in the same run, same throttling: a bare static HTML page (a heading and two paragraphs, no script, no
 * stylesheet file) served by Bun.serve; each metric is printed with its ratio to the baseline.
 * Run: node_modules/.bin/bun bench/mobile-vitals.ts   env: VITALS_RUNS (3; the median is reported), VITALS_PATHS
 * The server is tests/support/server.ts's over the screen tour's seed (tests/browser/tour/seed.ts: 120 items, 30
 * public with real thumbnails); dist/web is rebuilt when older than web/. Service workers are blocked so that the
 * bytes are the page's own (the worker's precache would otherwise add the whole app to a first visit's download).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../tests/browser/browser";
import { seedTour } from "../tests/browser/tour/seed";
import { startTestServer } from "../tests/support/server";
import { ensureWebBuilt } from "./web-size";

const RUNS = Math.max(1, Math.min(9, Number(process.env.VITALS_RUNS ?? 3)));
const PATHS = (process.env.VITALS_PATHS ?? "/home,/login,/archive").split(",").map((p) => p.trim()).filter(Boolean);
const CPU_SLOWDOWN = 4;
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (607.5 * 1024) / 8 };
const QUIET_AFTER_LOAD_MS = 5000;

type Vitals = { fcp: number; lcp: number; tbt: number; cls: number; bytes: number; requests: number };
type A11y = { counts: Record<string, number>; serious: string[] };

const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare page</title><style>body{font-family:sans-serif;margin:1rem;line-height:1.5}</style></head>
<body><main><h1>Bare page</h1><p>The same throttled phone loading a page with no script and no stylesheet file: what any page costs here.</p>
<p>Every figure of the measured pages is printed beside this page's, as a ratio.</p></main></body></html>`;

/** Runs in the page before any script of it: records paints, long tasks and layout shifts as they happen. */
function observe() {
  const w = window as unknown as { __vitals: { fcp: number; lcp: number; longTasks: [number, number][]; shifts: [number, number][] } };
  w.__vitals = { fcp: 0, lcp: 0, longTasks: [], shifts: [] };
  const v = w.__vitals;
  const watch = (type: string, take: (entry: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true });
    } catch {
      /* an entry type this Chromium lacks: that metric stays 0 */
    }
  };
  watch("paint", (e) => e.name === "first-contentful-paint" && (v.fcp = e.startTime));
  watch("largest-contentful-paint", (e) => (v.lcp = e.startTime));
  watch("longtask", (e) => v.longTasks.push([e.startTime, e.duration]));
  watch("layout-shift", (e) => {
    const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
    if (!shift.hadRecentInput) v.shifts.push([shift.startTime, shift.value]);
  });
}

/** Largest session window of shifts (gaps < 1 s, windows ≤ 5 s), as web-vitals defines CLS. */
function cls(shifts: [number, number][]): number {
  let best = 0;
  let sum = 0;
  let first = 0;
  let last = 0;
  for (const [at, value] of shifts) {
    if (sum && (at - last >= 1000 || at - first >= 5000)) sum = 0;
    if (!sum) first = at;
    sum += value;
    last = at;
    best = Math.max(best, sum);
  }
  return best;
}

async function measure(browser: Browser, url: string, withAxe: boolean): Promise<{ vitals: Vitals; a11y?: A11y }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, serviceWorkers: "block" });
  try {
    const page: Page = await context.newPage();
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    let bytes = 0;
    let requests = 0;
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => {});
    await page.waitForTimeout(QUIET_AFTER_LOAD_MS);
    const raw = await page.evaluate(() => (window as unknown as { __vitals: { fcp: number; lcp: number; longTasks: [number, number][]; shifts: [number, number][] } }).__vitals);
    const tbt = raw.longTasks.filter(([start]) => start >= raw.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const vitals = { fcp: raw.fcp, lcp: raw.lcp || raw.fcp, tbt, cls: cls(raw.shifts), bytes, requests };
    if (!withAxe) return { vitals };
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const results = await new AxeBuilder({ page }).analyze();
    const counts: Record<string, number> = {};
    for (const violation of results.violations) counts[violation.impact ?? "unknown"] = (counts[violation.impact ?? "unknown"] ?? 0) + 1;
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    return { vitals, a11y: { counts, serious } };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function medianVitals(runs: Vitals[]): Vitals {
  const pick = (key: keyof Vitals) => median(runs.map((r) => r[key]));
  return { fcp: pick("fcp"), lcp: pick("lcp"), tbt: pick("tbt"), cls: pick("cls"), bytes: pick("bytes"), requests: pick("requests") };
}

const ms = (x: number) => `${Math.round(x)} ms`;
const ratio = (x: number, base: number) => (base > 0 ? `${(x / base).toFixed(2)}×` : "—");
function row(name: string, v: Vitals, bare: Vitals, runs: Vitals[]): string {
  return [
    name.padEnd(9),
    `FCP ${ms(v.fcp)} (${ratio(v.fcp, bare.fcp)})`,
    `LCP ${ms(v.lcp)} (${ratio(v.lcp, bare.lcp)})`,
    `TBT ${ms(v.tbt)}`,
    `CLS ${v.cls.toFixed(3)}`,
    `${(v.bytes / 1024).toFixed(1)} KB in ${v.requests} requests (${ratio(v.bytes, bare.bytes)})`,
    `LCP runs ${runs.map((r) => Math.round(r.lcp)).join("/")}`,
  ].join(" | ");
}

if (import.meta.main) {
  await ensureWebBuilt();
  const server = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: "0" });
  const bare = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(BARE_PAGE, { headers: { "content-type": "text/html; charset=utf-8" } }) });
  const browser = await launchBrowser();
  try {
    const cast = await seedTour(server);
    console.log(`seeded ${cast.items.length} items (${cast.items.filter((i) => i.isPublic).length} public)`);
    // Warm-up: the server makes its compressed copies of each file at the first request.
    for (const p of PATHS) await measure(browser, server.url + p, false);
    const bareRuns: Vitals[] = [];
    const results: { path: string; runs: Vitals[]; a11y?: A11y }[] = [];
    // Interleaved (bare, then each page) so that load on this shared machine falls on all of them alike.
    for (let i = 0; i < RUNS; i++) {
      bareRuns.push((await measure(browser, `${bare.url}`, false)).vitals);
      for (const p of PATHS) {
        const { vitals, a11y } = await measure(browser, server.url + p, i === 0);
        let entry = results.find((r) => r.path === p);
        if (!entry) results.push((entry = { path: p, runs: [] }));
        entry.runs.push(vitals);
        entry.a11y ??= a11y;
      }
    }
    const bareMedian = medianVitals(bareRuns);
    console.log(`\nmobile 390×844, CPU ${CPU_SLOWDOWN}× slower, Slow 4G (562.5 ms RTT, 1.44 Mbit/s down); median of ${RUNS} runs; (ratio) = page / bare page, same run`);
    console.log(row("bare", bareMedian, bareMedian, bareRuns));
    for (const r of results) console.log(row(r.path, medianVitals(r.runs), bareMedian, r.runs));
    console.log("\naxe (first run, unthrottled after the load):");
    for (const r of results) {
      const counts = Object.entries(r.a11y?.counts ?? {}).map(([impact, n]) => `${n} ${impact}`).join(", ") || "no violations";
      console.log(`  ${r.path.padEnd(9)} ${counts}${r.a11y?.serious.length ? `\n${r.a11y.serious.map((s) => `    ${s}`).join("\n")}` : ""}`);
    }
  } finally {
    await browser.close();
    bare.stop(true);
    await server.stop();
  }
}
