/**
 * The archive's static edition in a browser (issue 47): exported from a show with every kind of item, then served by
 * a plain static server under a path prefix with the casefile server stopped. At a phone's and a laptop's size: the
 * grid, a photo, a video and a recording played, a deep link followed, the keyboard, the language switched on an
 * item page (Arabic, right to left); no request leaves the static server's origin; axe over the index and item
 * pages (one in Arabic). Screenshots in /tmp/shots47/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { archiveExport } from "../../src/cli/archive";
import { seedEditionShow, type EditionSeed } from "../support/edition-seed";
import { startTestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, PHONE } from "./browser";

const PREFIX = "/museum/shows/2026/";
const SHOTS = "/tmp/shots47";
let work: string;
let folder: string;
let seed: EditionSeed;
let staticServer: ReturnType<typeof Bun.serve>;
let origin: string;
/** The live archive's credit line, read before the server stopped. */
let liveCredit: string | null;

/** Any static server: files under PREFIX, a folder's index.html, byte ranges (media elements ask for them); nothing else. */
function serveFolder(root: string) {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (!pathname.startsWith(PREFIX)) return new Response("not found", { status: 404 });
      let relative = decodeURIComponent(pathname.slice(PREFIX.length));
      if (relative === "" || relative.endsWith("/")) relative += "index.html";
      const full = path.join(root, relative);
      const file = Bun.file(full);
      if (!full.startsWith(root + path.sep) || !(await file.exists())) return new Response("not found", { status: 404 });
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.get("range") ?? "");
      if (!range) return new Response(file, { headers: { "accept-ranges": "bytes" } });
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), file.size - 1) : file.size - 1;
      return new Response(file.slice(start, end + 1), {
        status: 206,
        headers: { "content-range": `bytes ${start}-${end}/${file.size}`, "accept-ranges": "bytes", "content-type": file.type },
      });
    },
  });
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  work = await mkdtemp(path.join(tmpdir(), "casefile-edition-browser-"));
  folder = path.join(work, "edition");
  const server = await startTestServer({ RENDITION_JOBS: "1" });
  try {
    seed = await seedEditionShow(server);
    liveCredit = await readLiveCredit(server.url);
    await archiveExport(server.ctx.config, folder, undefined);
  } finally {
    // The edition needs no casefile: the server, its database and media are gone before a page is opened.
    await server.stop();
  }
  staticServer = serveFolder(folder);
  origin = `http://127.0.0.1:${staticServer.port}`;
}, 240_000);
afterAll(async () => {
  staticServer?.stop(true);
  await rm(work, { recursive: true, force: true });
});

/**
 * The live archive's credit line, in a browser of its own, closed before any test: a response of the live page still
 * in flight at its close (its service worker, its thumbnails) once reached Playwright after the page was gone, and the
 * connection every browser of this file shares then failed ("Cannot find parent object request@…") — three tests.
 */
async function readLiveCredit(url: string): Promise<string | null> {
  const reader = await launchBrowser();
  try {
    const page = await (await reader.newContext({ serviceWorkers: "block" })).newPage();
    await page.goto(`${url}/archive`, { waitUntil: "networkidle" });
    return await page.getByText("Courtesy of the Test Collective").textContent();
  } finally {
    await reader.close();
  }
}

/** Plays the page's <video> or <audio> until its clock moves. */
async function plays(page: Page, selector: string) {
  const played = await page.evaluate(async (sel) => {
    const media = document.querySelector(sel) as HTMLMediaElement;
    media.muted = true;
    await media.play();
    const until = Date.now() + 10_000;
    while (media.currentTime === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    return { time: media.currentTime, error: media.error?.code ?? null };
  }, selector);
  expect(played.error).toBeNull();
  expect(played.time).toBeGreaterThan(0);
}

for (const [name, viewport] of [["phone", PHONE], ["laptop", LAPTOP]] as const) {
  describe(`the edition at ${viewport.width}×${viewport.height}`, () => {
    test("browse the grid, open a photo, a video and a recording, play them, follow a deep link, switch language; nothing from another origin", async () => {
      // A browser of its own, closed at the end: nothing of this size's media (ranges in flight) outlives the test to
      // reach Playwright's connection, which every browser of the process shares (see readLiveCredit).
      const own = await launchBrowser();
      const context = await own.newContext({ viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
      const page = await context.newPage();
      const requests: string[] = [];
      const problems: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => message.type() === "error" && problems.push(message.text()));
      page.on("response", (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
      const home = `${origin}${PREFIX}`;

      await page.goto(home);
      await expect(page.locator("h1").textContent()).resolves.toBe("Casefile Test");
      expect(await page.locator(".grid li").count()).toBe(6);
      await page.screenshot({ path: `${SHOTS}/${name}-index.png`, fullPage: true });

      // The keyboard reaches the tiles: Tab from the top goes through the home link and the languages to the first tile.
      const languages = await page.locator("nav.languages a").count();
      expect(languages).toBeGreaterThan(1);
      for (let i = 0; i < languages + 2; i++) await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.classList.contains("tile"))).toBe(true);

      await page.getByRole("link", { name: /Photo of the meeting/ }).click();
      await page.waitForURL(`${home}items/${seed.items.photo.id}/index.html`);
      expect(await page.locator("img.media").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/${name}-photo.png`, fullPage: true });

      await page.goto(home);
      await page.getByRole("link", { name: /Video of the street/ }).click();
      await plays(page, "video");
      await page.screenshot({ path: `${SHOTS}/${name}-video.png` });

      await page.goto(home);
      await page.getByRole("link", { name: /Voice memo/ }).click();
      await plays(page, "audio");
      await page.screenshot({ path: `${SHOTS}/${name}-audio.png` });

      // A deep link, as printed in README.txt, opened cold; its neighbours and the way home are relative links.
      await page.goto(`${home}items/${seed.items.heic.id}/`);
      await expect(page.locator("h1").textContent()).resolves.toBe("iPhone picture");
      expect(await page.locator("img.media").evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
      await page.locator("a[rel=next]").click();
      await expect(page.locator("h1").textContent()).resolves.toBe("Photo of the meeting");
      await page.getByRole("link", { name: "All items" }).click();
      await page.waitForURL(`${home}index.html`);

      // Another language: the introduction as the show gives it in French, marked as French; back to the main one.
      await page.locator("nav.languages a[hreflang=fr]").click();
      await page.waitForURL(`${home}fr/index.html`);
      expect(await page.locator(".intro > div").first().getAttribute("lang")).toBe("fr");
      expect(await page.locator(".grid li").count()).toBe(6);
      await page.screenshot({ path: `${SHOTS}/${name}-french.png`, fullPage: true });
      await page.locator("nav.languages a[hreflang=en]").click();
      await page.waitForURL(`${home}index.html`);

      // On an item page, the switch opens the same item in Arabic: its words, right to left; and back to English.
      await page.goto(`${home}items/${seed.items.video.id}/`);
      await page.locator("nav.languages a[hreflang=ar]").click();
      await page.waitForURL(`${home}ar/items/${seed.items.video.id}/index.html`);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
      await expect(page.locator("h1").textContent()).resolves.toBe("Video of the street");
      expect(await page.getByRole("link", { name: "كل العناصر" }).count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/${name}-arabic-video.png`, fullPage: true });
      await page.locator("nav.languages a[hreflang=en]").click();
      await page.waitForURL(`${home}items/${seed.items.video.id}/index.html`);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe("ltr");

      await page.goto(`${home}items/${seed.items.note.id}/`);
      await expect(page.locator(".notes").textContent()).resolves.toContain("Nothing happened at the corner.");
      await page.screenshot({ path: `${SHOTS}/${name}-note.png`, fullPage: true });

      expect(requests.filter((url) => !url.startsWith(`${origin}${PREFIX}`))).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
      await own.close();
    }, 120_000);
  });
}

test("the live archive shows the show's credit and licence, as the edition does", () => {
  expect(liveCredit).toBe("Courtesy of the Test Collective — CC BY-SA 4.0");
});

test("axe finds nothing serious on the index and an item page", async () => {
  const own = await launchBrowser();
  const context = await own.newContext({ viewport: LAPTOP });
  const page = await context.newPage();
  await page.goto(`${origin}${PREFIX}`);
  await expectNoSeriousA11yViolations(page, "edition index");
  await page.goto(`${origin}${PREFIX}items/${seed.items.video.id}/`);
  await expectNoSeriousA11yViolations(page, "edition video item");
  await page.goto(`${origin}${PREFIX}items/${seed.items.photo.id}/`);
  await expectNoSeriousA11yViolations(page, "edition photo item");
  await page.goto(`${origin}${PREFIX}ar/items/${seed.items.photo.id}/`);
  await expectNoSeriousA11yViolations(page, "edition photo item in Arabic");
  await context.close();
  await own.close();
}, 120_000);
