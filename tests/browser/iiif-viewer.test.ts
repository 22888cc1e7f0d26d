/**
 * The edition's IIIF in a real viewer (issue 47): Mirador 4 (its own bundle, dist/mirador.min.js, which carries its
 * own React) on a page of the same plain static server that serves the edition, exported with --base-url set to that
 * server, the casefile server stopped. The collection lists every public item and opens one; each kind's manifest
 * paints its canvas (a photo's pixels drawn, the video and the recording played); nothing is asked of another origin.
 * Screenshots in /tmp/shots47/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { archiveExport } from "../../src/cli/archive";
import { seedEditionShow, type EditionSeed } from "../support/edition-seed";
import { startTestServer } from "../support/server";
import { LAPTOP, launchBrowser } from "./browser";

const PREFIX = "/edition/";
const SHOTS = "/tmp/shots47";
const MIRADOR = path.join(import.meta.dir, "../../node_modules/mirador/dist/mirador.min.js");
let work: string;
let folder: string;
let seed: EditionSeed;
let staticServer: ReturnType<typeof Bun.serve>;
let origin: string;
let browser: Browser;

/** The viewer's page: Mirador with one window on the manifest or collection at `?open=`. */
const viewerPage = (open: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mirador</title></head><body>` +
  `<div id="viewer" style="position:absolute;inset:0"></div><script src="/viewer/mirador.min.js"></script>` +
  `<script>Mirador.viewer({ id: "viewer", windows: [{ manifestId: ${JSON.stringify(open)} }] });</script></body></html>`;

/** The edition's folder under PREFIX, and the viewer beside it, as any static server would serve them. */
function serve(root: string) {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === "/viewer/mirador.min.js") return new Response(Bun.file(MIRADOR), { headers: { "content-type": "text/javascript" } });
      if (url.pathname === "/viewer/") return new Response(viewerPage(url.searchParams.get("open") ?? ""), { headers: { "content-type": "text/html" } });
      if (!url.pathname.startsWith(PREFIX)) return new Response("not found", { status: 404 });
      let relative = decodeURIComponent(url.pathname.slice(PREFIX.length));
      if (relative === "" || relative.endsWith("/")) relative += "index.html";
      const full = path.join(root, relative);
      const file = Bun.file(full);
      if (!full.startsWith(root + path.sep) || !(await file.exists())) return new Response("not found", { status: 404 });
      return new Response(file);
    },
  });
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "casefile-iiif-viewer-"));
  folder = path.join(work, "edition");
  staticServer = serve(folder);
  origin = `http://127.0.0.1:${staticServer.port}`;
  browser = await launchBrowser();
  const server = await startTestServer({ RENDITION_JOBS: "1" });
  try {
    seed = await seedEditionShow(server);
    await archiveExport(server.ctx.config, folder, `${origin}${PREFIX}`);
  } finally {
    await server.stop();
  }
}, 240_000);
afterAll(async () => {
  await browser?.close();
  staticServer?.stop(true);
  await rm(work, { recursive: true, force: true });
});

const manifestOf = (kind: keyof EditionSeed["items"]) => `${origin}${PREFIX}iiif/${seed.items[kind].id}/manifest.json`;

/** A page of the viewer, noting every request that leaves the static server's origin and every uncaught error. */
async function openViewer(open: string): Promise<{ page: Page; outside: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: LAPTOP });
  const outside: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(`${origin}/`)) outside.push(request.url());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(`${origin}/viewer/?open=${encodeURIComponent(open)}`);
  return { page, outside, errors };
}

/**
 * The image viewer's canvas holds the picture: most of it painted (an empty canvas is transparent), with at least
 * `colours` colours among its sampled pixels. The edition's files are same-origin, so the canvas is readable.
 */
async function pictureDrawn(page: Page, colours: number) {
  await page.waitForFunction(
    (least) => {
      const canvas = document.querySelector<HTMLCanvasElement>(".openseadragon-canvas canvas");
      if (!canvas || canvas.width === 0) return false;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<number>();
      let painted = 0;
      let sampled = 0;
      for (let i = 0; i < data.length; i += 4 * 97, sampled++) {
        if (data[i + 3] === 0) continue;
        painted++;
        seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      }
      return painted / sampled > 0.4 && seen.size >= least;
    },
    colours,
    { timeout: 20_000 },
  );
}

/** The player Mirador made plays the edition's own file to a moment past its start. */
async function played(page: Page, selector: "video" | "audio", file: string) {
  const player = page.locator(selector).first();
  await player.waitFor({ state: "attached", timeout: 20_000 });
  expect(await player.evaluate((element: HTMLMediaElement) => element.currentSrc || element.querySelector("source")?.src)).toBe(file);
  const moment = await player.evaluate(async (element: HTMLMediaElement) => {
    element.muted = true;
    await element.play();
    await new Promise<void>((resolve) => element.addEventListener("timeupdate", () => element.currentTime > 0.2 && resolve()));
    return element.currentTime;
  });
  expect(moment).toBeGreaterThan(0.2);
}

describe("the edition's IIIF in Mirador 4", () => {
  test("the collection lists every public item, and opening the photo paints it", async () => {
    const { page, outside, errors } = await openViewer(`${origin}${PREFIX}iiif/collection.json`);
    await page.getByText(/show collection/i).first().click();
    for (const kind of ["photo", "heic", "video", "audio", "note", "withheld"] as const) await page.getByText(seed.items[kind].title, { exact: true }).first().waitFor();
    expect(await page.getByText("6 manifests").count()).toBe(1);
    expect(await page.getByText(seed.items.withdrawn.title).count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, "mirador-collection.png") });
    await page.getByText(seed.items.photo.title, { exact: true }).first().click();
    await pictureDrawn(page, 100);
    await page.screenshot({ path: path.join(SHOTS, "mirador-collection-photo.png") });
    expect({ outside, errors }).toEqual({ outside: [], errors: [] });
    await page.close();
  }, 60_000);

  test("each kind's manifest: the photos' pixels drawn, the video and the recording played from the edition's files", async () => {
    // The photo is a test card of many colours; the HEIC's display copy one red.
    for (const [kind, colours] of [["photo", 100], ["heic", 1]] as const) {
      const { page, outside, errors } = await openViewer(manifestOf(kind));
      await pictureDrawn(page, colours);
      await page.screenshot({ path: path.join(SHOTS, `mirador-${kind}.png`) });
      expect({ kind, outside, errors }).toEqual({ kind, outside: [], errors: [] });
      await page.close();
    }
    for (const [kind, selector] of [["video", "video"], ["audio", "audio"]] as const) {
      const manifest = await Bun.file(path.join(folder, `iiif/${seed.items[kind].id}/manifest.json`)).json();
      const { page, outside, errors } = await openViewer(manifestOf(kind));
      await played(page, selector, manifest.items[0].items[0].items[0].body.id);
      await page.screenshot({ path: path.join(SHOTS, `mirador-${kind}.png`) });
      expect({ kind, outside, errors }).toEqual({ kind, outside: [], errors: [] });
      await page.close();
    }
  }, 90_000);
});
