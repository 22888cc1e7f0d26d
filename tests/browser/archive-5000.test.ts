/**
 * The public archive at the size of a long-running show: 5,000 public works (seeded straight into the libSQL file,
 * tests/support/archive-seed.ts), scrolled page after page, walked with the viewer past the pages loaded so far, and
 * opened by a link to the oldest work, on a phone, with not one console error or page error and lazy thumbnails.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { adminActor, fixture, form, newParticipant } from "../support/client";
import { seedPublicClones } from "../support/archive-seed";
import { startTestServer, type TestServer } from "../support/server";
import { launchBrowser, openPage, PHONE } from "./browser";
import { ARCHIVE_PAGE_SIZE } from "../../src/evidence/archive-page";
import { archiveTiles, viewerCounter, waitForTiles } from "./pages/Archive";

setDefaultTimeout(60_000);

const WORKS = 5000;
const SCROLLED = 1000; // tiles scrolled into the page: 42 pages of ARCHIVE_PAGE_SIZE
const WALKED = 60; // works stepped through with → past the last tile shown
let oldest: number;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  const { actor } = await newParticipant(server.url);
  const photo = await fixture("photo.jpg", "image/jpeg");
  const templates: number[] = [];
  for (const [fields, files] of [
    [{ title: "Photo", notes: "x" }, { file: photo, thumbnail: photo }],
    [{ title: "Note", notes: "A seeded note." }, {}],
    [{ title: "Audio", notes: "x", duration_ms: "1008" }, { file: await fixture("voice.webm", "audio/webm") }],
    [{ title: "Video", notes: "x", duration_ms: "1000" }, { file: await fixture("clip.mp4", "video/mp4"), thumbnail: photo }],
  ] as const) {
    const response = await actor.post("/api/evidence", form(fields, files));
    expect(response.status).toBe(201);
    templates.push(((await response.json()) as { id: number }).id);
  }
  oldest = await seedPublicClones(server, WORKS - templates.length, templates);
  expect((await (await adminActor(server.url)).put("/api/evidence/makeAllPublic")).status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("5,000 public works: scrolled, walked past the loaded pages, the oldest opened by its link; no console or page error", async () => {
  const { page, problems, context } = await openPage(browser, server.url, PHONE);
  page.setDefaultTimeout(15_000);
  // Every console error counts, except the 401 of GET /api/user with which the app learns that a visitor is not logged in.
  page.on("console", (message) => {
    if (message.type() === "error" && !message.location().url.endsWith("/api/user")) problems.push(`console: ${message.text()}`);
  });
  await page.goto("/archive");
  await waitForTiles(page, ARCHIVE_PAGE_SIZE);
  // Scrolled to the bottom again and again inside the page (one round trip, not twenty) until SCROLLED tiles are shown.
  await page.evaluate(async (target) => {
    const count = () => document.querySelectorAll("ul[aria-label='Evidence items'] > li").length;
    while (count() < target) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, SCROLLED);
  expect(await archiveTiles(page).count()).toBeGreaterThanOrEqual(SCROLLED);
  const thumbnails = await page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/api/media/")).length);
  expect(thumbnails).toBeLessThan(SCROLLED / 4); // lazy images: only what came near the screen

  // The last tile shown opens the viewer; Next walks on past it, loading the following pages as it goes.
  const last = archiveTiles(page).last();
  const position = await archiveTiles(page).count();
  await last.click();
  await viewerCounter(page).getByText(`${position.toLocaleString("en-US")} of`).waitFor();
  for (let next = position + 1; next <= position + WALKED; next++) {
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction((n) => document.querySelector("[role=dialog] [aria-live]")?.textContent?.startsWith(`${n} of`), next.toLocaleString("en-US"), { polling: "raf" });
  }
  await page.goBack();
  await page.waitForURL(/\/archive$/);
  expect(await archiveTiles(page).count()).toBeGreaterThanOrEqual(position + WALKED);

  // A link to the oldest of the 5,000, far beyond every page loaded, opens it at once.
  await page.goto(`/archive/${oldest}`);
  await page.getByRole("heading", { name: "Archive item 1", exact: true }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
