/**
 * Archive grid budget (design.md §7): "thumbnails ≤ 40 KB each; 5,000 public items scroll without loading full-size
 * media". Run: node_modules/.bin/bun bench/archive-scroll.ts   (needs dist/web: node_modules/.bin/bun scripts/build-web.ts)
 *   env: ARCHIVE_BENCH_ITEMS (5000), ARCHIVE_BENCH_MAX_SCROLLS (200), ARCHIVE_BENCH_MAX_SECONDS (180), CHROME_PATH
 *
 * Starts the real server (tests/support/server.ts), registers one participant through the API, then seeds the items
 * straight into libSQL in batched transactions: per item a full-size photo row ('evidence') and a thumbnail row
 * ('thumbnail') in media_files and a public photo in evidence. All full-size rows share one stored JPEG (4032×3024,
 * made with ffmpeg) and all thumbnail rows one thumbnail of it made by the app's own web/lib/thumbnail.ts in Chromium,
 * so every id is distinct but the bytes are real.
 * Then a visitor's Chromium at 390×844 opens /archive, records every request, and scrolls to the bottom until all
 * items are shown or a bound is hit. Prints the counts, heap, DOM size and PASS/FAIL for the two budget lines.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { $ } from "bun";
import { chromium, type Browser } from "playwright-core";
import { newParticipant } from "../tests/support/client";
import { startTestServer, type TestServer } from "../tests/support/server";

const ITEMS = Number(process.env.ARCHIVE_BENCH_ITEMS ?? 5000);
const MAX_SCROLLS = Math.min(1000, Number(process.env.ARCHIVE_BENCH_MAX_SCROLLS ?? 200));
const MAX_SECONDS = Math.min(600, Number(process.env.ARCHIVE_BENCH_MAX_SECONDS ?? 180));
const THUMB_BUDGET = 40 * 1024;
const BATCH = 1000; // items per transaction
const ROOT = path.join(import.meta.dir, "..");

// Whatever happens, do not outlive the bounds by much.
const watchdog = setTimeout(() => {
  console.error("archive-scroll: overall time limit hit, exiting");
  process.exit(2);
}, (MAX_SECONDS + 240) * 1000);

const hexId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * A real phone-sized JPEG (ffmpeg test pattern with sensor-like noise; tests/fixtures/photo.jpg without ffmpeg) and
 * its thumbnail made by the app's own browser code (web/lib/thumbnail.ts, makeThumbnail) in this Chromium.
 */
async function makeMedia(browser: Browser): Promise<{ photo: Uint8Array; thumb: Uint8Array; thumbMime: string; how: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-archive-media-"));
  try {
    let photo: Uint8Array;
    let how: string;
    try {
      const file = path.join(dir, "photo.jpg");
      await $`ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc2=size=4032x3024 -vf noise=alls=12:allf=u -frames:v 1 -q:v 3 ${file}`.quiet();
      photo = new Uint8Array(await readFile(file));
      how = "ffmpeg 4032×3024 JPEG";
    } catch (error) {
      console.warn(`ffmpeg failed (${(error as Error).message.split("\n")[0]}); using tests/fixtures/photo.jpg`);
      photo = new Uint8Array(await readFile(path.join(ROOT, "tests/fixtures/photo.jpg")));
      how = "tests/fixtures/photo.jpg";
    }
    const entry = path.join(dir, "entry.ts");
    await Bun.write(entry, `import { makeThumbnail } from ${JSON.stringify(path.join(ROOT, "web/lib/thumbnail.ts"))};\n(globalThis as any).makeThumbnail = makeThumbnail;\n`);
    const built = await Bun.build({ entrypoints: [entry], target: "browser", format: "esm" });
    if (!built.success) throw new Error(`bundling web/lib/thumbnail.ts failed: ${built.logs.join("\n")}`);
    const page = await browser.newPage();
    try {
      await page.addScriptTag({ content: await built.outputs[0]!.text(), type: "module" });
      await page.waitForFunction(() => "makeThumbnail" in globalThis);
      const made = await page.evaluate(async (base64) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const make = (globalThis as unknown as { makeThumbnail: (f: File) => Promise<Blob | null> }).makeThumbnail;
        const blob = await make(new File([bytes], "photo.jpg", { type: "image/jpeg" }));
        if (!blob) return null;
        const out = new Uint8Array(await blob.arrayBuffer());
        let binary = "";
        for (let i = 0; i < out.length; i += 0x8000) binary += String.fromCharCode(...out.subarray(i, i + 0x8000));
        return { type: blob.type, base64: btoa(binary) };
      }, Buffer.from(photo).toString("base64"));
      if (!made) throw new Error("makeThumbnail returned null for the photo");
      return { photo, thumb: new Uint8Array(Buffer.from(made.base64, "base64")), thumbMime: made.type, how: `${how}; thumbnail by web/lib/thumbnail.ts in Chromium (${made.type})` };
    } finally {
      await page.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function seed(server: TestServer, browser: Browser): Promise<{ photoSize: number; thumbSize: number; fullIds: Set<string>; thumbIds: Set<string> }> {
  const { user } = await newParticipant(server.url);
  const media = await makeMedia(browser);
  console.log(`media: ${media.how}; full-size ${kb(media.photo.length)}, thumbnail ${kb(media.thumb.length)}`);
  const photoKey = `evidence/${hexId()}`;
  const thumbKey = `thumbnail/${hexId()}`;
  await server.ctx.store.putBytes(photoKey, media.photo, "image/jpeg");
  await server.ctx.store.putBytes(thumbKey, media.thumb, media.thumbMime);
  const photoSha = sha256(media.photo);
  const thumbSha = sha256(media.thumb);

  const client = server.ctx.db.$client;
  const fullIds = new Set<string>();
  const thumbIds = new Set<string>();
  const start = Date.now() - ITEMS * 60_000;
  const mediaSql =
    "INSERT INTO media_files (id, owner_id, purpose, store_key, public_store_key, public_size, mime, size, sha256, created_at) VALUES (?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?)";
  const evidenceSql =
    "INSERT INTO evidence (user_id, title, notes, location, is_public, media_type, media_id, thumbnail_id, date_posted) VALUES (?, ?, ?, NULL, 1, 2, ?, ?, ?)";
  for (let first = 0; first < ITEMS; first += BATCH) {
    const statements = [];
    for (let i = first; i < Math.min(ITEMS, first + BATCH); i++) {
      const when = new Date(start + i * 60_000).toISOString();
      const fullId = hexId();
      const thumbId = hexId();
      fullIds.add(fullId);
      thumbIds.add(thumbId);
      statements.push(
        { sql: mediaSql, args: [fullId, user.id, "evidence", photoKey, "image/jpeg", media.photo.length, photoSha, when] },
        { sql: mediaSql, args: [thumbId, user.id, "thumbnail", thumbKey, media.thumbMime, media.thumb.length, thumbSha, when] },
        { sql: evidenceSql, args: [user.id, `Photo ${i + 1} near the old bridge`, `Seen at dusk, item ${i + 1}. Two people by the railing.`, fullId, thumbId, when] },
      );
    }
    await client.batch(statements, "write");
  }
  return { photoSize: media.photo.length, thumbSize: media.thumb.length, fullIds, thumbIds };
}

let server: TestServer | undefined;
let browser: Browser | undefined;
let exitCode = 1;
try {
  if (!existsSync(path.join(ROOT, "dist/web/index.html"))) throw new Error("dist/web is missing: run node_modules/.bin/bun scripts/build-web.ts first");
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  server = await startTestServer();
  const seedStart = performance.now();
  const seeded = await seed(server, browser);
  const check = (await (await fetch(`${server.url}/api/evidence/public?limit=1`)).json()) as { thumbnail_url: string | null; aws_url: string | null }[];
  console.log(`seeded ${ITEMS} public photo items in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; newest: thumbnail_url ${check[0]?.thumbnail_url}, aws_url ${check[0]?.aws_url}`);

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);

  // Every request, and the body size of every media response.
  const requests: { url: string; type: string }[] = [];
  const mediaSizes = new Map<string, number>(); // media id → bytes received
  const mediaStatus = new Map<string, number>();
  const pageFetches: string[] = [];
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("request", (request) => {
    requests.push({ url: request.url(), type: request.resourceType() });
    if (request.url().includes("/api/evidence/public")) pageFetches.push(new URL(request.url()).search);
  });
  page.on("response", async (response) => {
    const match = /\/api\/media\/([0-9a-f]{32})/.exec(response.url());
    if (!match) return;
    mediaStatus.set(match[1]!, response.status());
    try {
      mediaSizes.set(match[1]!, (await response.body()).length);
    } catch {
      const length = Number(response.headers()["content-length"]);
      if (Number.isFinite(length)) mediaSizes.set(match[1]!, length);
    }
  });

  const cards = page.getByRole("list", { name: "Evidence items" }).getByRole("listitem");
  const scrollStart = performance.now();
  await page.goto("/archive");
  await cards.first().waitFor();
  let shown = await cards.count();
  let scrolls = 0;
  let stalls = 0;
  const deadline = scrollStart + MAX_SECONDS * 1000;
  while (shown < ITEMS && scrolls < MAX_SCROLLS && performance.now() < deadline && stalls < 5) {
    scrolls++;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const before = shown;
    await page
      .waitForFunction((n) => document.querySelectorAll('ul[aria-label="Evidence items"] > li').length > n, before, { timeout: 10_000, polling: 50 })
      .catch(() => undefined);
    shown = await cards.count();
    stalls = shown > before ? 0 : stalls + 1;
  }
  const scrollSeconds = (performance.now() - scrollStart) / 1000;
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);

  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const getMetrics = async () =>
    Object.fromEntries(((await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] }).metrics.map((m) => [m.name, m.value]));
  const metrics = await getMetrics();
  await cdp.send("HeapProfiler.collectGarbage");
  const afterGc = await getMetrics();
  const dom = await page.evaluate(() => ({
    elements: document.getElementsByTagName("*").length,
    imgs: document.querySelectorAll('ul[aria-label="Evidence items"] img').length,
    imgsLoaded: [...document.querySelectorAll<HTMLImageElement>('ul[aria-label="Evidence items"] img')].filter((img) => img.complete && img.naturalWidth > 0).length,
    heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null,
  }));

  const mediaRequests = requests.filter((r) => /\/api\/media\//.test(r.url));
  const ids = mediaRequests.map((r) => /\/api\/media\/([0-9a-f]{32})/.exec(r.url)?.[1] ?? "");
  const thumbRequests = ids.filter((id) => seeded.thumbIds.has(id)).length;
  const fullRequests = ids.filter((id) => seeded.fullIds.has(id)).length;
  const imageRequests = requests.filter((r) => r.type === "image");
  const otherImages = imageRequests.filter((r) => !/\/api\/media\//.test(r.url)).map((r) => new URL(r.url).pathname);
  const thumbBytes = [...mediaSizes].filter(([id]) => seeded.thumbIds.has(id)).map(([, n]) => n);
  const largestThumb = thumbBytes.length ? Math.max(...thumbBytes) : 0;
  const badStatus = [...mediaStatus.values()].filter((s) => s !== 200).length;

  console.log(`\nmachine: ${navigator.hardwareConcurrency} cores, bun ${Bun.version}, chromium ${browser.version()}, viewport 390×844 (mobile)`);
  console.log(`cards shown:            ${shown} of ${ITEMS}  (${scrolls} scrolls, ${scrollSeconds.toFixed(1)} s)`);
  console.log(`pages fetched:          ${pageFetches.length} × GET /api/evidence/public (first ${pageFetches[0] ?? "-"}, last ${pageFetches.at(-1) ?? "-"})`);
  console.log(`requests in all:        ${requests.length}`);
  console.log(`image requests:         ${imageRequests.length} (of them /api/media: ${imageRequests.length - otherImages.length}; other: ${otherImages.length ? [...new Set(otherImages)].join(", ") : "none"})`);
  console.log(`/api/media requests:    ${mediaRequests.length}: thumbnail ids ${thumbRequests}, full-size ids ${fullRequests}, other ${mediaRequests.length - thumbRequests - fullRequests}; non-200 answers ${badStatus}`);
  console.log(`thumbnail <img> in DOM: ${dom.imgs}, loaded ${dom.imgsLoaded} (lazy: only those near the viewport)`);
  console.log(`largest thumbnail:      ${largestThumb} bytes (${kb(largestThumb)}; budget ${kb(THUMB_BUDGET)}); full-size file is ${kb(seeded.photoSize)}`);
  const mb = (n: number | undefined) => `${((n ?? 0) / 1048576).toFixed(1)} MB`;
  console.log(`JS heap at end:         used ${mb(metrics.JSHeapUsedSize)} (total ${mb(metrics.JSHeapTotalSize)}; performance.memory ${dom.heap === null ? "n/a" : mb(dom.heap)}); after a forced GC ${mb(afterGc.JSHeapUsedSize)}`);
  console.log(`DOM nodes:              ${metrics.Nodes ?? "?"} (CDP Nodes), ${dom.elements} elements`);
  if (problems.length) console.log(`page problems:          ${problems.slice(0, 5).join(" | ")}`);

  const noFull = fullRequests === 0 && mediaRequests.length - thumbRequests - fullRequests === 0;
  const thumbsOk = thumbBytes.length > 0 && largestThumb <= THUMB_BUDGET;
  const allShown = shown >= ITEMS;
  console.log(`\n${noFull ? "PASS" : "FAIL"}  no full-size media loaded while scrolling`);
  console.log(`${thumbsOk ? "PASS" : "FAIL"}  thumbnails ≤ 40 KB (largest ${largestThumb} bytes${thumbBytes.length ? "" : "; none measured"})`);
  console.log(`${allShown ? "PASS" : "FAIL"}  all ${ITEMS} items reached by scrolling (${shown} shown)`);
  exitCode = noFull && thumbsOk && allShown ? 0 : 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await browser?.close().catch(() => undefined);
  await server?.stop().catch(() => undefined);
  clearTimeout(watchdog);
}
process.exit(exitCode);
