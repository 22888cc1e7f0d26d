/**
 * Issue 45: the console on a phone starts its list on the first screen (a compact header, two-line rows), and an
 * iPhone's HEVC video and HEIC photo, sent from a phone whose browser decodes neither, show a real picture in My
 * Evidence, the console and the archive (the server's thumbnail, never a blank browser-made one).
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { mkdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { adminActor, type Actor, form, newParticipant } from "../support/client";
import { seedPublicClones } from "../support/archive-seed";
import { hevcVideo } from "../support/phone-video";
import { ADMIN, type TestServer } from "../support/server";
import { LAPTOP, openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { signInWatched } from "./signIn";

setDefaultTimeout(180_000);

const SHOTS = "/tmp/shots45";
let server: TestServer;
let browser: Browser;
serverAndBrowser((started) => ({ server, browser } = started), { RENDITION_JOBS: "1" });

async function adminPage(viewport = PHONE, locale = "en-GB"): Promise<Page> {
  const { page } = await openPage(browser, server.url, viewport, { locale });
  page.setDefaultTimeout(20_000);
  await signInWatched(page, ADMIN.username, ADMIN.password);
  // The admin's saved language wins over the browser's: set it for this page.
  expect((await page.request.put("/api/user/language", { data: { language: locale.slice(0, 2) } })).status()).toBe(200);
  await page.goto("/admin");
  return page;
}

async function snap(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });
}

/** Rows of the console's table whose box lies wholly inside the viewport. */
const rowsOnFirstScreen = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("table tbody tr")].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    }).length,
  );

test("the phone console shows at least six whole rows on its first screen with 250 items; the laptop keeps its bar", async () => {
  const { actor } = await newParticipant(server.url, { full_name: "Marguerite Okonkwo-Delacroix" });
  const created = await actor.post("/api/evidence", form({ title: "A note from the ticket office", notes: "Two people by the railing." }));
  expect(created.status).toBe(201);
  const first = ((await created.json()) as { id: number }).id;
  await seedPublicClones(server, 249, [first]);
  // The newest clone's participant withdraws it: its mark must stay readable in a phone's row.
  expect((await actor.put(`/api/evidence/withdraw/${first + 249}`)).status).toBe(200);

  const phone = await adminPage();
  await phone.getByRole("button", { name: /^All 250/ }).waitFor();
  await phone.getByRole("table", { name: "All evidence" }).getByRole("button", { name: "Archive item 249" }).waitFor();
  expect(await rowsOnFirstScreen(phone)).toBeGreaterThanOrEqual(6);
  // The page does not scroll sideways: the chips scroll inside their own line.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Every row's title starts at the same place, with or without a picture.
  const starts = await phone.evaluate(() => [...document.querySelectorAll("table tbody tr td:nth-child(2) button")].slice(0, 10).map((b) => Math.round(b.getBoundingClientRect().left)));
  expect(new Set(starts).size).toBe(1);
  await snap(phone, "console-phone");
  // The grid of tiles does not widen the page either.
  await phone.getByRole("button", { name: "Grid" }).click();
  await phone.getByRole("list", { name: "All evidence" }).getByRole("listitem").nth(3).waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(phone, "console-grid-phone");
  await phone.getByRole("button", { name: "Grid" }).click();
  // The admin's other views and pages are one select away.
  await phone.getByLabel("Section").selectOption({ label: "Users" });
  await phone.getByRole("heading", { name: "Users" }).waitFor();
  const arabic = await adminPage(PHONE, "ar");
  await arabic.waitForFunction(() => document.documentElement.dir === "rtl");
  await arabic.getByRole("table").locator("tbody tr").nth(5).waitFor();
  expect(await rowsOnFirstScreen(arabic)).toBeGreaterThanOrEqual(6);
  expect(await arabic.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(arabic, "console-phone-ar");

  const laptop = await adminPage(LAPTOP);
  await laptop.getByRole("button", { name: /^All 250/ }).waitFor();
  for (const name of ["Show Users", "Audit log"]) await laptop.getByRole("button", { name }).waitFor();
  expect(await laptop.getByLabel("Section").isVisible()).toBe(false);
  await snap(laptop, "console-laptop");
});

/** Waits for the image to load, then: its natural size, and the spread of its pixels' brightness (0: one flat colour). */
async function picture(image: Locator): Promise<{ width: number; height: number; variance: number }> {
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    img.loading = "eager";
    if (!img.complete) await new Promise((resolve) => img.addEventListener("load", resolve, { once: true }));
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < data.length; i += 4) {
      const luma = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      sum += luma;
      squares += luma * luma;
    }
    const count = data.length / 4;
    return { width: img.naturalWidth, height: img.naturalHeight, variance: squares / count - (sum / count) ** 2 };
  });
}

async function expectRealPicture(image: Locator) {
  const { width, height, variance } = await picture(image);
  expect(width).toBeGreaterThan(1);
  expect(height).toBeGreaterThan(1);
  expect(variance).toBeGreaterThan(50);
}

type Own = { id: number; title: string; renditions?: { kind: string }[] };

/** The owner's items once the server has made a thumbnail of each of `titles`. */
async function thumbnailsMade(owner: Actor, titles: string[]): Promise<Own[]> {
  for (let tries = 0; tries < 300; tries++) {
    const items = (await (await owner.get("/api/evidence")).json()) as Own[];
    const done = titles.map((title) => items.find((item) => item.title === title && item.renditions?.some((r) => r.kind === "thumbnail")));
    if (done.every(Boolean)) return done as Own[];
    await Bun.sleep(200);
  }
  throw new Error(`no thumbnails for ${titles.join(", ")}`);
}

/**
 * An iPhone-like HEIC photo of a real scene (ffmpeg's test pattern through libheif's encoder): the HEIC fixtures are
 * flat colour, which a "not blank" check cannot tell from a failed thumbnail.
 */
async function heicPhoto(): Promise<Buffer> {
  const base = path.join(tmpdir(), `casefile-${crypto.randomUUID()}`);
  try {
    const run = async (command: string[]) => expect(await Bun.spawn(command, { stderr: "ignore", stdout: "ignore" }).exited).toBe(0);
    await run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x480", "-frames:v", "1", `${base}.png`]);
    await run(["heif-enc", "-q", "80", "-o", `${base}.heic`, `${base}.png`]);
    return await readFile(`${base}.heic`);
  } finally {
    await Promise.all([rm(`${base}.png`, { force: true }), rm(`${base}.heic`, { force: true })]);
  }
}

test("an HEVC video and a HEIC photo sent from the phone show real pictures in My Evidence, the console and the archive", async () => {
  const informant = await newParticipant(server.url);
  const { page } = await openPage(browser, server.url, PHONE);
  page.setDefaultTimeout(30_000);
  await signInWatched(page, informant.fields.username, informant.fields.password);
  const video = await hevcVideo("640x360", 2);
  const uploads = [
    { title: "The ferry leaving early", kind: "Video", file: { name: "IMG_0001.mp4", mimeType: "video/mp4", buffer: Buffer.from(await video.arrayBuffer()) } },
    { title: "Harbour at dusk", kind: "Photo", file: { name: "IMG_0002.HEIC", mimeType: "image/heic", buffer: await heicPhoto() } },
  ];
  for (const upload of uploads) {
    await page.goto("/evidenceupload");
    await page.getByLabel(/Upload File/).setInputFiles(upload.file);
    await page.waitForURL(/\/evidence-details(\?|$)/);
    if (upload.kind === "Photo") {
      await page.getByText("No preview on this phone; it will show once sent").waitFor();
      await snap(page, "heic-details-phone");
    }
    await page.getByLabel("Title").fill(upload.title);
    await page.getByRole("button", { name: "Upload Evidence" }).click();
    await page.getByText("You can leave this screen").waitFor();
  }
  const admin = await adminActor(server.url);
  for (const { id } of await thumbnailsMade(informant.actor, uploads.map((upload) => upload.title))) {
    expect((await admin.put(`/api/evidence/clearance/${id}`)).status).toBe(200);
  }

  await page.goto("/Evidence");
  for (const upload of uploads) await expectRealPicture(page.locator(`[aria-label^="${upload.title} (${upload.kind})"] img`).first());
  await snap(page, "my-evidence-phone");

  for (const viewport of [PHONE, LAPTOP]) {
    const desk = await adminPage(viewport);
    const table = desk.getByRole("table", { name: "All evidence" });
    for (const upload of uploads) await expectRealPicture(table.getByRole("row").filter({ hasText: upload.title }).locator("img").first());
    await snap(desk, "console-pictures");

    const { page: visitor } = await openPage(browser, server.url, viewport);
    await visitor.goto("/archive");
    const tiles = visitor.getByRole("list", { name: "Evidence items" });
    for (const upload of uploads) await expectRealPicture(tiles.getByRole("listitem").filter({ hasText: upload.title }).locator("img").first());
    await snap(visitor, "archive-pictures");
  }
});
