/**
 * The public archive as an exhibition (issue 10): the operator's introduction, tiles without a 'Public' badge, notes
 * as quotations, the full-screen viewer with /archive/<id> links (click, ←/→, swipe, Escape, Back, deep links, a
 * humane not-found) and the audio waveform drawn in the browser, with no console or page error. Real server, real
 * libSQL file; an archive of 120 (seeded straight into it, tests/support/archive-seed.ts) behind five real uploads.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { $ } from "bun";
import type { Browser, Page } from "playwright-core";
import { adminActor, type Actor, fixture, form, newParticipant } from "../support/client";
import { ARCHIVE_PAGE_SIZE } from "../../src/evidence/archive-page";
import { seedPublicClones } from "../support/archive-seed";
import { startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE } from "./browser";
import { archiveTile, archiveTiles, archiveViewer } from "./pages/Archive";

setDefaultTimeout(60_000);

const SEEDED = 120; // the realistic archive; tests/browser/archive-5000.test.ts has the big one
const INTRO = [
  "For one night in November, forty participants walked the harbour with their phones and reported what they saw.",
  "This archive keeps what the investigator chose to make public: photographs, sound, video and written notes.",
];
const NOTE_TEXT =
  "The man at the ticket window said the last ferry had left an hour early. Nobody on the pier believed him, " +
  "and when the lights of the terminal went out we heard an engine starting somewhere past the breakwater.";
// Kept in docs only when asked (KEEP_SHOTS=1): a test run must not change files in git.
const SHOTS = path.join(import.meta.dir, process.env.KEEP_SHOTS === "1" ? "../../docs/screenshots/issue-10/after" : "../../screenshots/issue-10/after");

let server: TestServer;
let browser: Browser;
let work: string;
let informant: Awaited<ReturnType<typeof newParticipant>>;
const ids: Record<"photo" | "note" | "audio" | "video" | "wide" | "private" | "oldest", number> = {} as never;

/** Photos that look like something (ffmpeg's fractal and gradients), with browser-sized thumbnails; fixtures without ffmpeg. */
async function makePhotos(): Promise<Record<"photo" | "photoThumb" | "wide" | "wideThumb" | "poster" | "wideClip", File>> {
  const out = (name: string) => path.join(work, name);
  const jpeg = async (name: string) => new File([await readFile(out(name))], name, { type: "image/jpeg" });
  try {
    await $`ffmpeg -hide_banner -loglevel error -y -f lavfi -i mandelbrot=size=300x400:start_scale=1.2:maxiter=250 -frames:v 1 -vf scale=1200:1600 -q:v 4 ${out("photo.jpg")}`.quiet();
    await $`ffmpeg -hide_banner -loglevel error -y -i ${out("photo.jpg")} -vf scale=240:320 -q:v 6 ${out("photo-thumb.jpg")}`.quiet();
    await $`ffmpeg -hide_banner -loglevel error -y -f lavfi -i gradients=size=1600x1000:seed=7 -frames:v 1 -q:v 4 ${out("wide.jpg")}`.quiet();
    await $`ffmpeg -hide_banner -loglevel error -y -i ${out("wide.jpg")} -vf scale=320:200 -q:v 6 ${out("wide-thumb.jpg")}`.quiet();
    // A phone's landscape recording: 16:9, as most are.
    await $`ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc2=size=640x360:rate=25 -t 1 -pix_fmt yuv420p -c:v libx264 -movflags +faststart ${out("wide.mp4")}`.quiet();
    await $`ffmpeg -hide_banner -loglevel error -y -i ${out("wide.mp4")} -frames:v 1 -vf scale=320:-2 ${out("poster.jpg")}`.quiet();
    const wideClip = new File([await readFile(out("wide.mp4"))], "wide.mp4", { type: "video/mp4" });
    return { photo: await jpeg("photo.jpg"), photoThumb: await jpeg("photo-thumb.jpg"), wide: await jpeg("wide.jpg"), wideThumb: await jpeg("wide-thumb.jpg"), poster: await jpeg("poster.jpg"), wideClip };
  } catch {
    const photo = await fixture("photo.jpg", "image/jpeg");
    return { photo, photoThumb: photo, wide: photo, wideThumb: photo, poster: photo, wideClip: await fixture("clip.mp4", "video/mp4") };
  }
}

async function upload(actor: Actor, fields: Record<string, string>, files: Record<string, File> = {}) {
  const response = await actor.post("/api/evidence", form(fields, files));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "casefile-archive-"));
  const introFile = path.join(work, "intro.txt");
  await writeFile(introFile, INTRO.join("\n\n"));
  server = await startTestServer({ ARCHIVE_INTRO_FILE: introFile });
  informant = await newParticipant(server.url, { username: "Margarethe.Vanderschoot-Elling" });
  const media = await makePhotos();
  const voice = await fixture("voice.webm", "audio/webm");
  const clip = await fixture("clip.mp4", "video/mp4");
  const { actor } = informant;

  const templates = [
    await upload(actor, { title: "Template photo", notes: "x" }, { file: media.wide, thumbnail: media.wideThumb }),
    await upload(actor, { title: "Template note", notes: "A seeded note." }),
    await upload(actor, { title: "Template audio", notes: "x", duration_ms: "1008" }, { file: voice }),
    await upload(actor, { title: "Template video", notes: "x", duration_ms: "1000" }, { file: clip, thumbnail: media.poster }),
  ];
  ids.oldest = await seedPublicClones(server, SEEDED, templates);
  // The showcase, newest last: the first tiles a visitor sees.
  ids.photo = await upload(actor, { title: "Harbour crane at night", notes: "From the footbridge. The crane moved although nobody was in the cabin.", location: "40.7128, -74.0060" }, { file: media.photo, thumbnail: media.photoThumb });
  ids.note = await upload(actor, { title: "Overheard at the ferry terminal", notes: NOTE_TEXT });
  ids.video = await upload(actor, { title: "Engine room", notes: "Thirty seconds through the porthole.", duration_ms: "1000" }, { file: media.wideClip, thumbnail: media.poster });
  ids.audio = await upload(actor, { title: "Radio chatter on channel 16", notes: "Two voices, harbour channel, just after midnight.", duration_ms: "1008" }, { file: voice });
  ids.wide = await upload(actor, { title: "Breakwater", notes: "The colours of the signal lights on the water." }, { file: media.wide, thumbnail: media.wideThumb });
  const admin = await adminActor(server.url);
  expect((await admin.put("/api/evidence/makeAllPublic")).status).toBe(200);
  ids.private = await upload(actor, { title: "Private lead", notes: "Only for the investigator." });
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(work, { recursive: true, force: true });
});

/** A visitor's page that also counts every console error (not only CSP ones) as a problem. */
async function visitor(viewport = LAPTOP) {
  const opened = await openPage(browser, server.url, viewport);
  opened.page.setDefaultTimeout(15_000);
  // Every console error counts, except the 401 of GET /api/user with which the app learns that a visitor is not logged in.
  opened.page.on("console", (message) => {
    if (message.type() === "error" && !message.location().url.endsWith("/api/user")) opened.problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  return opened;
}

const snap = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `archive-${name}-${page.viewportSize()!.width}.png`) });

test("laptop: introduction, tiles without a Public badge, a note as a quotation; open, ←/→ with the URL, Escape and Back close at the same scroll", async () => {
  const { page, problems, context } = await visitor(LAPTOP);
  await page.goto("/archive");
  await page.getByRole("heading", { level: 1, name: "Casefile Test" }).waitFor();
  for (const paragraph of INTRO) await page.getByText(paragraph).waitFor();
  await archiveTiles(page).nth(ARCHIVE_PAGE_SIZE - 1).waitFor(); // the first page
  expect(await page.getByText("Public", { exact: true }).count()).toBe(0);
  expect(await archiveTile(page, "Harbour crane at night").getAttribute("href")).toBe(`/archive/${ids.photo}`);
  // The note's words are the tile's media, set as a quotation in the display face.
  const quote = archiveTile(page, "Overheard at the ferry terminal").locator("blockquote");
  expect(await quote.innerText()).toContain("The man at the ticket window");
  expect(await quote.evaluate((element) => getComputedStyle(element).fontFamily)).toContain("Instrument Serif");
  expect(await archiveTile(page, "Radio chatter on channel 16").getAttribute("aria-label")).toContain("Audio, 0:01");
  // The tile's visible title is the spec's 8 characters; the whole one shows on hover, and over the media while the
  // tile has the keyboard's focus.
  const crane = archiveTile(page, "Harbour crane at night");
  expect(await crane.getAttribute("title")).toBe("Harbour crane at night");
  expect(await crane.locator("div.truncate").textContent()).toBe("Harbour  ...");
  const fullTitle = crane.getByTestId("tile-full-title");
  expect(await fullTitle.isVisible()).toBe(false);
  await crane.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await fullTitle.waitFor({ state: "visible" });
  expect(await fullTitle.innerText()).toBe("Harbour crane at night");
  await snap(page, "tile-focus");
  await page.keyboard.press("Tab");
  await fullTitle.waitFor({ state: "hidden" });
  // The wall is centred on a laptop: the page's margins left and right of the tiles are equal (within a pixel), and the
  // introduction, the filters and the tiles start at one left edge.
  const edges = await page.locator("ul[aria-label='Evidence items']").evaluate((list) => {
    const tiles = [...list.querySelectorAll(":scope > li")].map((tile) => tile.getBoundingClientRect());
    const row = tiles.filter((tile) => tile.top === tiles[0]!.top);
    const left = (selector: string) => document.querySelector(selector)!.getBoundingClientRect().left;
    return { gutters: [row[0]!.left, document.documentElement.clientWidth - row.at(-1)!.right], starts: [left("main h1"), left("main [role=radiogroup]"), row[0]!.left] };
  });
  expect(Math.abs(edges.gutters[0]! - edges.gutters[1]!)).toBeLessThanOrEqual(1);
  expect(Math.max(...edges.starts) - Math.min(...edges.starts)).toBeLessThanOrEqual(8); // the filters' own 6 px frame
  // Dates to the minute: the tile's date has no seconds.
  const date = await archiveTile(page, "Harbour crane at night").locator("time").innerText();
  expect(date).toMatch(/\d:\d\d(\s?[AP]M)?$/);
  expect(date).not.toMatch(/\d:\d\d:\d\d/);
  await expectNoSeriousA11yViolations(page, "archive grid (laptop)");
  await snap(page, "grid");

  await archiveTile(page, "Harbour crane at night").click();
  await page.waitForURL(`**/archive/${ids.photo}`);
  const open = archiveViewer(page);
  await open.getByRole("heading", { name: "Harbour crane at night" }).waitFor();
  await open.getByRole("img", { name: "Photo: Harbour crane at night" }).waitFor();
  await open.getByText("Submitted by").waitFor();
  await open.getByText(informant.fields.username).waitFor();
  expect(await open.getByRole("img", { name: `${informant.fields.username}'s avatar` }).getAttribute("src")).toBe("/default-avatar.svg");
  // Exact while only the first page is loaded (the list's X-Total-Count), not "5 of 50+".
  const publicTotal = ((await (await fetch(`${server.url}/api/evidence/public`)).json()) as unknown[]).length;
  await open.getByText(`5 of ${publicTotal}`).waitFor();
  // Copy link (Chromium on Linux has no Web Share): the work's own address goes on the clipboard.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
  await open.getByRole("button", { name: "Copy link" }).click();
  await open.getByRole("button", { name: "Link copied" }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/archive/${ids.photo}`);
  // The server withholds a public item's location; the viewer shows no empty label for it.
  expect(await open.getByText("Location").count()).toBe(0);
  const photo = open.getByRole("img", { name: "Photo: Harbour crane at night" });
  await photo.evaluate((img: HTMLImageElement) => img.complete || new Promise((loaded) => img.addEventListener("load", loaded, { once: true })));
  await expectNoSeriousA11yViolations(page, "viewer on a photo (laptop)");
  await snap(page, "viewer-photo");

  await page.keyboard.press("ArrowLeft");
  await page.waitForURL(`**/archive/${ids.note}`);
  await open.getByRole("heading", { name: "Overheard at the ferry terminal" }).waitFor();
  await open.getByText("No media to display.").waitFor();
  expect(await open.locator("blockquote").innerText()).toContain("the last ferry had left an hour early");
  await snap(page, "viewer-note");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.waitForURL(`**/archive/${ids.audio}`);
  await open.locator("[data-waveform='ready']").waitFor();
  await snap(page, "viewer-audio");
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
  await page.waitForURL(`**/archive/${ids.photo}`);
  await page.keyboard.press("ArrowRight");
  await page.waitForURL(`**/archive/${ids.photo - 1}`);
  await page.keyboard.press("Escape");
  await page.waitForURL(/\/archive$/);
  await open.waitFor({ state: "detached" });

  // Back closes the viewer and leaves the grid where it was.
  await archiveTiles(page).nth(20).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  await archiveTiles(page).nth(20).click();
  await page.waitForURL(/\/archive\/\d+$/);
  await open.getByRole("button", { name: "Close" }).waitFor();
  await page.goBack();
  await page.waitForURL(/\/archive$/);
  await open.waitFor({ state: "detached" });
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(4);
  expect(problems).toEqual([]);
  await context.close();
});

test("phone: a swipe moves to the next and previous work; audio shows its waveform drawn in the browser, plays, notes beneath", async () => {
  const { page, problems, context } = await visitor(PHONE);
  await page.goto(`/archive`);
  await archiveTiles(page).nth(5).waitFor();
  // The filters stay one row of pills (scrolling sideways if need be), never a wrapped, misshapen bar.
  const filters = page.getByRole("radiogroup", { name: "Filter evidence by kind" });
  const pill = (await filters.getByRole("radio").first().boundingBox())!;
  expect((await filters.boundingBox())!.height).toBeLessThan(pill.height * 1.5);
  // A row wider than the phone fades at its end while more pills lie beyond it (its scrollbar is hidden), not at the end.
  expect(await filters.getAttribute("data-more")).not.toBeNull();
  await snap(page, "grid");
  await filters.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
  await page.waitForFunction(() => !document.querySelector("[role=radiogroup]")!.hasAttribute("data-more"));
  await expectNoSeriousA11yViolations(page, "archive grid (phone)");
  await archiveTile(page, "Radio chatter on channel 16").click();
  await page.waitForURL(`**/archive/${ids.audio}`);
  const open = archiveViewer(page);
  await open.locator("[data-waveform='ready']").waitFor();
  const drawn = await open.locator("canvas").evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted++;
    return painted / (canvas.width * canvas.height);
  });
  expect(drawn).toBeGreaterThan(0.05);
  await open.getByText("Two voices, harbour channel").waitFor();
  await open.getByRole("button", { name: "Play" }).click();
  await open.getByRole("button", { name: "Pause" }).waitFor();
  await open.getByRole("button", { name: "Play" }).waitFor(); // a one-second clip ends by itself
  expect(await open.getByRole("slider", { name: /Position in Radio chatter/ }).getAttribute("aria-valuetext")).toBe("0:01 of 0:01");
  await expectNoSeriousA11yViolations(page, "viewer on audio (phone)");
  await snap(page, "viewer-audio");

  // A finger drawn leftwards across the stage (real touch input through the DevTools protocol) goes on to the next work.
  const cdp = await context.newCDPSession(page);
  const swipe = async (from: number, to: number, y = 100) => {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 6; step++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from + ((to - from) * step) / 6, y: y + 4 }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  };
  await swipe(330, 60);
  await page.waitForURL(`**/archive/${ids.video}`);
  await open.getByRole("heading", { name: "Engine room" }).waitFor();
  // The video fills the stage's width, not its own few hundred pixels.
  const stage = (await open.getByLabel("The work").boundingBox())!;
  const video = open.getByLabel("Video: Engine room");
  await video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 || new Promise((ready) => v.addEventListener("loadedmetadata", ready, { once: true })));
  const shown = (await video.boundingBox())!;
  expect(shown.width).toBeGreaterThan(stage.width * 0.85);
  // A 16:9 recording's stage is its own shape (no tall black box around it), and the title is in the first screen.
  expect(await video.evaluate((v: HTMLVideoElement) => `${v.videoWidth}x${v.videoHeight}`)).toBe("640x360");
  expect(Math.abs(shown.height - (shown.width * 9) / 16)).toBeLessThan(3);
  const stageNow = (await open.getByLabel("The work").boundingBox())!;
  expect(stageNow.height).toBeLessThan(shown.height + 2 * 16 + 2); // the stage's own padding, no more
  const title = (await open.getByRole("heading", { name: "Engine room" }).boundingBox())!;
  expect(title.y + title.height).toBeLessThan(PHONE.height);
  await snap(page, "viewer-video");
  // The video fills its stage (a drag on it is the video's): a finger on the words below swipes.
  await swipe(60, 330, title.y + title.height + 40);
  await page.waitForURL(`**/archive/${ids.audio}`);
  // The next swipe once the work is shown (a swipe while it still loads may land on the one before; seen on a busy CI).
  await open.getByRole("heading", { name: "Radio chatter on channel 16" }).waitFor();
  await swipe(60, 330);
  await page.waitForURL(`**/archive/${ids.wide}`);
  const photo = open.getByRole("img", { name: "Photo: Breakwater" });
  await photo.evaluate((img: HTMLImageElement) => img.complete || new Promise((loaded) => img.addEventListener("load", loaded, { once: true })));
  await snap(page, "viewer-photo");
  await page.keyboard.press("ArrowLeft"); // the first work: nothing before it
  for (let step = 0; step < 3; step++) await page.keyboard.press("ArrowRight");
  await page.waitForURL(`**/archive/${ids.note}`);
  await open.getByText("No media to display.").waitFor();
  await snap(page, "viewer-note");
  // On a phone a note's title and its sender come before its words, which can fill the screen several times.
  const noteTitle = (await open.getByRole("heading", { name: "Overheard at the ferry terminal" }).boundingBox())!;
  const noteWords = (await open.getByLabel("The work").boundingBox())!;
  expect(noteTitle.y).toBeLessThan(noteWords.y);
  await open.getByRole("button", { name: "Close" }).click();
  await page.waitForURL(/\/archive$/);
  expect(problems).toEqual([]);
  await context.close();
});

test("deep links: a work far beyond the first page opens; a private or unknown id is humanely not found", async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, problems, context } = await visitor(viewport);
    await page.goto(`/archive/${ids.oldest}`);
    const open = archiveViewer(page);
    await open.getByRole("heading", { name: "Archive item 1", exact: true }).waitFor();
    await open.getByText("Seen near the old bridge, item 1.").waitFor();
    await open.getByRole("button", { name: "Close" }).click();
    await page.waitForURL(/\/archive$/);
    await archiveTiles(page).first().waitFor();

    await page.goto(`/archive/${ids.private}`);
    await open.getByRole("heading", { name: "This piece is not in the archive" }).waitFor();
    expect(await page.getByText("Private lead").count()).toBe(0);
    await expectNoSeriousA11yViolations(page, `not found (${viewport.width})`);
    await snap(page, "not-found");
    await open.getByRole("button", { name: "See the whole archive" }).click();
    await page.waitForURL(/\/archive$/);
    await page.goto("/archive/no-such-work");
    await open.getByRole("heading", { name: "This piece is not in the archive" }).waitFor();
    // The only complaint the browser may log is the 404 of the private id itself.
    expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
    await context.close();
  }
});

test("Share: where the phone has Web Share, the work's title and its own address go to the phone's sheet", async () => {
  const { page, problems, context } = await visitor(PHONE);
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, "share", { configurable: true, value: async (data: ShareData) => void shared.push(data) });
  });
  await page.goto(`/archive/${ids.photo}`);
  const open = archiveViewer(page);
  await open.getByRole("heading", { name: "Harbour crane at night" }).waitFor();
  expect(await open.getByRole("button", { name: "Copy link" }).count()).toBe(0);
  await open.getByRole("button", { name: "Share" }).click();
  await page.waitForFunction(() => (window as unknown as { shared: ShareData[] }).shared.length === 1);
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toEqual([{ title: "Harbour crane at night", url: `${new URL(page.url()).origin}/archive/${ids.photo}` }]);
  // A closed sheet (AbortError) says nothing and breaks nothing.
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: () => Promise.reject(new DOMException("closed", "AbortError")) }));
  await open.getByRole("button", { name: "Share" }).click();
  await open.getByRole("heading", { name: "Harbour crane at night" }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
