/**
 * /home initial JavaScript (design.md §7: ≤ 90 KB gzip). Run: node_modules/.bin/bun bench/web-size.ts
 *   env: WEB_SIZE_REBUILD=1 (build dist/web even if it looks fresh), WEB_SIZE_BASELINE=0 (skip the react baseline),
 *        WEB_SIZE_COLD=1 (no warm-up: the first load after start, before the server's brotli copies exist)
 * Builds dist/web when it is older than web/ (or missing), starts the real server on a temp database
 * (tests/support/server.ts), loads /home at 390x844 in Chromium (playwright-core) and records every JS and CSS
 * response up to network idle: raw bytes, gzip -9 bytes (Bun.gzipSync level 9), and the bytes on the wire
 * (Playwright's encoded body size: brotli or gzip as the server sent it; equal to raw without compression).
 * Baseline in the same run: react + react-dom/client alone, bundled and minified the way scripts/build-web.ts does.
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "playwright-core";
import { startTestServer } from "../tests/support/server";

const ROOT = path.resolve(import.meta.dir, "..");
const BUDGET_KB = 90;
const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzip9 = (bytes: Uint8Array<ArrayBuffer>) => Bun.gzipSync(bytes, { level: 9 }).length;

/** Newest mtime (ms) of the files under dir (bounded walk: readdir recursive). */
async function newestMtime(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let newest = 0;
  for (const e of entries) if (e.isFile()) newest = Math.max(newest, (await stat(path.join(e.parentPath, e.name))).mtimeMs);
  return newest;
}

/** Builds dist/web unless its index.html is newer than every file in web/ and scripts/build-web.ts. */
export async function ensureWebBuilt(force = false): Promise<void> {
  const built = await stat(path.join(ROOT, "dist/web/index.html")).then((s) => s.mtimeMs, () => 0);
  const sources = Math.max(await newestMtime(path.join(ROOT, "web")), (await stat(path.join(ROOT, "scripts/build-web.ts"))).mtimeMs);
  if (!force && built > sources) {
    console.log(`dist/web is fresh (built ${new Date(built).toISOString()}, newest source ${new Date(sources).toISOString()})`);
    return;
  }
  console.log("building dist/web (scripts/build-web.ts) …");
  const proc = Bun.spawn([process.execPath, "scripts/build-web.ts"], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
  const code = await Promise.race([proc.exited, Bun.sleep(180_000).then(() => "timeout" as const)]);
  if (code !== 0) {
    proc.kill("SIGKILL");
    throw new Error(`web build failed: ${code}`);
  }
}

/** react + react-dom/client rendering one element: what the framework alone costs, minified and gzipped. */
async function reactBaseline(): Promise<{ raw: number; gz: number }> {
  const dir = path.join(ROOT, ".cache/web-size"); // inside the repo so node_modules resolves; .cache/ is gitignored
  await mkdir(dir, { recursive: true });
  const entry = path.join(dir, "react-baseline.tsx");
  await writeFile(entry, 'import { createRoot } from "react-dom/client";\ncreateRoot(document.getElementById("root")!).render(<p>hi</p>);\n');
  const out = await Bun.build({ entrypoints: [entry], target: "browser", format: "esm", minify: true, define: { "process.env.NODE_ENV": '"production"' } });
  if (!out.success) throw new Error(out.logs.join("\n"));
  const bytes = new Uint8Array(await out.outputs[0]!.arrayBuffer());
  return { raw: bytes.length, gz: gzip9(bytes) };
}

type Row = { url: string; type: "js" | "css"; status: number; raw: number; gz: number; wire: number; encoding: string };

async function measureHome(baseUrl: string): Promise<Row[]> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROME_ARGS, timeout: 60_000 });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const pending: Promise<Row | undefined>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const url = new URL(response.url());
      const kind = type === "script" || url.pathname.endsWith(".js") ? "js" : type === "stylesheet" || url.pathname.endsWith(".css") ? "css" : undefined;
      if (!kind) return;
      pending.push(
        (async () => {
          const body = new Uint8Array(await response.body());
          const sizes = await response.request().sizes();
          return {
            url: url.pathname,
            type: kind,
            status: response.status(),
            raw: body.length,
            gz: gzip9(body),
            wire: sizes.responseBodySize,
            encoding: (await response.headerValue("content-encoding")) ?? "identity",
          } satisfies Row;
        })().catch((error) => {
          console.error(`could not read ${url.pathname}: ${error}`);
          return undefined;
        }),
      );
    });
    await page.goto(baseUrl + "/home", { waitUntil: "networkidle", timeout: 60_000 });
    // The page is shown (a visitor's home screen with its spy link), not only the spinner.
    await page.getByText("CLICK HERE TO SPY ON").first().waitFor({ timeout: 15_000 }).catch(() => console.warn("warning: the home screen's text did not appear"));
    await page.waitForLoadState("networkidle", { timeout: 15_000 });
    return (await Promise.all(pending)).filter((r): r is Row => r !== undefined);
  } finally {
    await browser.close();
  }
}

if (import.meta.main) {
  await ensureWebBuilt(process.env.WEB_SIZE_REBUILD === "1");
  const server = await startTestServer();
  try {
    console.log(`bun ${Bun.version}, chromium ${(await Bun.$`/usr/bin/chromium --version`.quiet().nothrow()).stdout.toString().trim()}`);
    // Warm-up: the server makes its compressed copies at a file's first request (brotli in the background), so the
    // measured load sees what every later visitor gets. WEB_SIZE_COLD=1 measures the very first load instead.
    if (process.env.WEB_SIZE_COLD !== "1") {
      const html = await (await fetch(`${server.url}/home`)).text();
      for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) await (await fetch(server.url + asset!)).arrayBuffer();
      await Bun.sleep(1500);
    }
    const rows = await measureHome(server.url);
    const width = Math.max(...rows.map((r) => r.url.length), 10);
    console.log(`\n/home at 390x844: JS and CSS responses up to network idle (KB = 1024 bytes)`);
    console.log(`${"file".padEnd(width)}  type  status  raw KB  gzip-9 KB  wire KB  encoding`);
    for (const r of rows.sort((a, b) => b.gz - a.gz)) {
      console.log(`${r.url.padEnd(width)}  ${r.type.padEnd(4)}  ${String(r.status).padStart(6)}  ${kb(r.raw).padStart(6)}  ${kb(r.gz).padStart(9)}  ${kb(r.wire).padStart(7)}  ${r.encoding}`);
    }
    const sum = (type: Row["type"], key: "raw" | "gz" | "wire") => rows.filter((r) => r.type === type).reduce((s, r) => s + r[key], 0);
    const jsCount = rows.filter((r) => r.type === "js").length;
    console.log(`\nJS total (${jsCount} files): raw ${kb(sum("js", "raw"))} KB, gzip-9 ${kb(sum("js", "gz"))} KB, on the wire ${kb(sum("js", "wire"))} KB`);
    console.log(`CSS total: raw ${kb(sum("css", "raw"))} KB, gzip-9 ${kb(sum("css", "gz"))} KB, on the wire ${kb(sum("css", "wire"))} KB`);
    const jsGz = sum("js", "gz") / 1024;
    console.log(`budget: /home initial JS ≤ ${BUDGET_KB} KB gzip → ${kb(sum("js", "gz"))} KB: ${jsGz <= BUDGET_KB ? "PASS" : "FAIL"} (headroom ${(BUDGET_KB - jsGz).toFixed(1)} KB)`);
    if (process.env.WEB_SIZE_BASELINE !== "0") {
      const base = await reactBaseline();
      console.log(`baseline: react + react-dom/client alone, minified: raw ${kb(base.raw)} KB, gzip-9 ${kb(base.gz)} KB`);
    }
  } finally {
    await server.stop();
  }
}
