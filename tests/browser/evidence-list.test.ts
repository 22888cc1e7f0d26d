/**
 * The participant's own list (/Evidence) as a participant sees it with 120 items of every kind: cards with durations,
 * note text and relative times; the detail dialog (actions in view with a tall photo, Back closes it, a place link,
 * no technical file facts); Edit Item (Escape does nothing, its close button cancels); delete confirmation; the
 * empty list with one tap to each capture choice; loading and error with Retry. At 390×844 and 1280×800, with axe
 * on every state and screenshots (docs/screenshots/issue-10/after with KEEP_SHOTS=1).
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { Actor, FIXTURES, fixture, form, newParticipant } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE } from "./browser";

// axe over a long list takes seconds per state, many more on a busy machine.
setDefaultTimeout(180_000);

const PLACE = "40.71278, -74.00594";
const LONG_TITLE = "Grey van with no plates parked outside the old ferry terminal for the third night running";
const LONG_NOTE = [
  "Third night in a row. The van pulls in at 21:40, engine running, lights off.",
  "Two people get out and walk towards the ticket hall; one carries a long flat case.",
  "They come back after about twenty minutes without the case.",
  "The driver never leaves the seat. I could not see a number plate at the front or the back.",
  "At 22:05 a second car flashes its lights twice from the far end of the car park and the van leaves towards the bridge.",
  "I waited until 22:30; nobody came back for the case.",
].join("\n");
const WORDS = ["Bridge", "Harbour", "Ticket hall", "Night bus", "Market", "Stairwell", "Car park", "Kiosk", "Ferry", "Tunnel"];

let server: TestServer;
let browser: Browser;
let owner: { username: string; password: string };
let newcomer: { username: string; password: string };

/** The fixture MP4/M4A with its movie header saying it lasts `seconds` (the server reads durations from there). */
async function lasting(name: string, seconds: number, type: string): Promise<File> {
  const bytes = new Uint8Array(await readFile(path.join(FIXTURES, name)));
  const at = Buffer.from(bytes).indexOf("mvhd") + 4; // box body: version(1) flags(3) created(4) modified(4) timescale(4) duration(4)
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect(bytes[at]).toBe(0);
  view.setUint32(at + 16, view.getUint32(at + 12) * seconds);
  return new File([bytes], name, { type });
}

/** A JPEG drawn by Chromium: a vertical gradient between two colours with a few soft shapes, like a dim photo. */
async function drawnJpeg(width: number, height: number, [top, bottom]: [string, string], name: string): Promise<File> {
  const page = await browser.newPage();
  const dataUrl = await page.evaluate(
    ({ width, height, top, bottom }) => {
      const canvas = document.createElement("canvas");
      [canvas.width, canvas.height] = [width, height];
      const context = canvas.getContext("2d")!;
      const gradient = context.createLinearGradient(0, 0, 0, height);
      gradient.addColorStop(0, top);
      gradient.addColorStop(1, bottom);
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      context.fillStyle = "rgba(255,255,255,0.18)";
      for (let i = 0; i < 5; i++) context.fillRect(((i * 37) % 10) * (width / 10), height * (0.35 + (i % 3) * 0.15), width / 6, height / 4);
      return canvas.toDataURL("image/jpeg", 0.8);
    },
    { width, height, top, bottom },
  );
  await page.close();
  return new File([Buffer.from(dataUrl.split(",")[1]!, "base64")], name, { type: "image/jpeg" });
}

const PALETTES: [string, string][] = [["#2b3a4a", "#c9a86a"], ["#1d2b24", "#7f9c83"], ["#3a2431", "#d08a6e"], ["#0f1720", "#5a6f8c"], ["#402d1c", "#e0c48f"]];

async function post(actor: Actor, fields: Record<string, string>, files: Record<string, File> = {}) {
  const response = await actor.post("/api/evidence", form(fields, files));
  if (response.status !== 201 && response.status !== 200) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; duration_ms: number | null };
}

/** 116 items of every kind (photos with thumbnails, videos, recordings, notes short and long), then the 4 the tests open. */
async function seed(actor: Actor) {
  const thumbnails = await Promise.all(PALETTES.map((colours, index) => drawnJpeg(320, 240, colours, `thumb-${index}.jpg`)));
  const photo = await fixture("photo.jpg", "image/jpeg");
  const media = [
    { file: photo, thumbnail: true },
    { file: await fixture("photo.png", "image/png"), thumbnail: true },
    { file: await fixture("clip.webm", "video/webm"), thumbnail: true },
    { file: await fixture("voice.webm", "audio/webm") },
    { file: await fixture("voice.wav", "audio/wav") },
    {},
    {},
  ];
  const jobs = Array.from({ length: 116 }, (_, index) => () => {
    const pick = media[index % media.length]!;
    const files: Record<string, File> = {};
    if (pick.file) files.file = pick.file;
    if (pick.thumbnail) files.thumbnail = thumbnails[index % thumbnails.length]!;
    const notes = index % 5 === 0 ? LONG_NOTE : `Seen near the ${WORDS[index % WORDS.length]!.toLowerCase()} around ${8 + (index % 12)} pm.`;
    return post(actor, { title: `${WORDS[index % WORDS.length]} ${index + 1}`, notes, location: index % 3 ? PLACE : "" }, files);
  });
  for (let i = 0; i < jobs.length; i += 6) await Promise.all(jobs.slice(i, i + 6).map((job) => job()));
  // Spread them over the past weeks, oldest first, as a show's worth of evidence would be.
  await server.ctx.db.$client.execute({
    sql: "update evidence set date_posted = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((200 - id) * 3) || ' hours')",
    args: [],
  });
  const video = await post(
    actor,
    { title: "Van video", notes: "It drove off towards the bridge." },
    { file: await lasting("clip.mp4", 83, "video/mp4"), thumbnail: thumbnails[3]! },
  );
  const audio = await post(actor, { title: "Overheard call", notes: "Two voices; one says 'the bridge'." }, { file: await lasting("voice.m4a", 42, "audio/mp4") });
  await post(actor, { title: LONG_TITLE, notes: LONG_NOTE, location: PLACE });
  await post(actor, { title: "Tall photo", notes: "The stairwell, floor to roof.", location: PLACE }, {
    file: await drawnJpeg(600, 1800, PALETTES[0]!, "tall.jpg"),
    thumbnail: await drawnJpeg(120, 360, PALETTES[0]!, "tall-thumb.jpg"),
  });
  expect([video.duration_ms, audio.duration_ms]).toEqual([83_000, 42_000]);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ QUOTA_UPLOADS_PER_HOUR: "500" }), launchBrowser()]);
  const watched = async (actor: Actor) => actor.put(`/api/user/watched/${((await (await actor.get("/api/user")).json()) as { id: number }).id}`);
  const first = await newParticipant(server.url, { username: "Maximiliana_Wolkenkratzer-Oberha" });
  const second = await newParticipant(server.url);
  await Promise.all([watched(first.actor), watched(second.actor)]);
  [owner, newcomer] = [first.fields, second.fields];
  await seed(first.actor);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(viewport: typeof PHONE, who: { username: string; password: string }) {
  const opened = await openPage(browser, server.url, viewport);
  const login = await opened.page.request.post("/api/user/login", { data: { usernameOrEmail: who.username, password: who.password } });
  expect(login.status()).toBe(200);
  opened.page.setDefaultTimeout(10_000);
  return opened;
}

const KEEP = path.join(import.meta.dir, "../../docs/screenshots/issue-10/after");
const SHOTS = path.join(import.meta.dir, "../../screenshots");
/** Cards past the first twelve (which hold every kind, the long title and the tall photo) are the same markup again. */
const REPEATED_CARDS = 'ul[aria-label="Evidence items"] > li:nth-child(n+13)';

/**
 * Screenshot (the top two screens of a long list, the viewport while a dialog is open) and axe for one state, and no
 * sideways scrolling; with KEEP_SHOTS=1 the screenshot is also kept in the docs.
 */
async function check(page: Page, name: string) {
  const { width, height } = page.viewportSize()!;
  const file = `evidence-${name}-${width}.png`;
  await mkdir(SHOTS, { recursive: true });
  const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  const dialogOpen = (await page.getByRole("dialog").count()) > 0;
  await page.screenshot({ path: path.join(SHOTS, file), ...(dialogOpen ? {} : { fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(fullHeight, height * 2) } }) });
  if (process.env.KEEP_SHOTS) {
    await mkdir(KEEP, { recursive: true });
    await copyFile(path.join(SHOTS, file), path.join(KEEP, file));
  }
  await expectNoSeriousA11yViolations(page, `${name} at ${width}px`, [REPEATED_CARDS]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const card = (page: Page, name: RegExp) => page.getByRole("list", { name: "Evidence items" }).getByRole("button", { name });

for (const viewport of [LAPTOP, PHONE]) {
  test(`the list at ${viewport.width}px: cards, filter, plus button, detail, edit, delete`, async () => {
    const { page, problems, context } = await signedIn(viewport, owner);
    await page.goto("/Evidence");
    await page.getByText("120 items, newest first.").waitFor();
    expect(await page.getByRole("list", { name: "Evidence items" }).getByRole("listitem").count()).toBe(120);

    // Durations from the files, the note's own words, a relative time with the exact one on hover.
    const video = card(page, /^Van video \(Video\), 1:23 long/);
    expect(await video.textContent()).toContain("1:23");
    expect(await card(page, /^Overheard call \(Audio\), 0:42 long/).textContent()).toContain("0:42");
    const note = card(page, /^Grey van with no plates/);
    expect(await note.textContent()).toContain("Third night in a row.");
    expect(await note.getByText("Grey van ...", { exact: true }).count()).toBe(1);
    const time = note.locator("time");
    expect(await time.textContent()).toMatch(/^(just now|\d+ minutes? ago)/);
    expect(await time.getAttribute("title")).toContain(String(new Date().getFullYear()));
    const box = (await note.boundingBox())!;
    expect([box.width, box.height]).toEqual([250, 357]);
    await check(page, "list");

    await page.getByRole("radiogroup", { name: "Filter evidence by kind" }).getByRole("radio", { name: "Videos" }).click();
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Evidence items"] li').length === 18);
    await check(page, "filter");
    await page.getByRole("radio", { name: "All" }).click();

    await page.getByRole("button", { name: "Add evidence" }).click();
    for (const choice of ["Camera upload", "Audio upload", "Notes upload"]) await page.getByRole("button", { name: choice }).waitFor();
    await check(page, "plus-open");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Camera upload" }).waitFor({ state: "hidden" });

    // The tall photo: Edit and Delete stay in view; the owner gets a map link; no hashes, MIME types or byte sizes.
    await card(page, /^Tall photo \(Photo\)/).click();
    const detail = page.getByRole("dialog", { name: "Evidence" });
    await detail.getByRole("img", { name: "Photo: Tall photo" }).waitFor();
    for (const name of ["Edit", "Delete"]) {
      const action = (await detail.getByRole("button", { name }).boundingBox())!;
      expect(action.y + action.height).toBeLessThanOrEqual(viewport.height);
    }
    const place = detail.getByRole("link", { name: new RegExp(PLACE) });
    expect(await place.getAttribute("href")).toContain("openstreetmap.org/?mlat=40.71278&mlon=-74.00594");
    const shown = (await detail.textContent()) ?? "";
    for (const technical of ["SHA-256", "image/jpeg", /[0-9a-f]{64}/, /\d+(\.\d)? (B|KB|MB)\b/]) expect(shown).not.toMatch(technical);
    await check(page, "detail");

    // The phone's Back closes the dialog and stays on the list.
    await page.goBack();
    await detail.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/Evidence");

    // Edit Item: Escape and the backdrop do nothing, its close button cancels.
    await card(page, /^Van video \(Video\)/).click();
    await detail.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Item" });
    await edit.getByLabel("Title").waitFor();
    expect(await edit.getByLabel("Title").inputValue()).toBe("Van video");
    expect(await edit.locator('input[type="file"]').getAttribute("accept")).toBe("video/*");
    await page.keyboard.press("Escape");
    await page.mouse.click(3, 3);
    await edit.getByRole("button", { name: "Save" }).waitFor();
    await check(page, "edit");
    await edit.getByRole("button", { name: "Close" }).click();
    await edit.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/Evidence");

    await card(page, /^Overheard call \(Audio\)/).click();
    await detail.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Please confirm" });
    await confirm.getByText("Are you sure you want to delete this evidence?").waitFor();
    await check(page, "delete-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });

    expect(problems).toEqual([]);
    await context.close();
  });
}

test("the empty list: loading, an error with Retry, then the welcome with one tap to each way of sending", async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, problems, context } = await signedIn(viewport, newcomer);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    await page.route("**/api/evidence", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      await held;
      if (fail) return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Test failure." }) });
      return route.continue();
    });
    await page.goto("/Evidence");
    await page.getByRole("status").filter({ hasText: "Loading your evidence…" }).waitFor();
    release();
    await page.getByRole("heading", { name: "Your evidence did not load" }).waitFor();
    await page.getByRole("alert").filter({ hasText: "Could not load evidence!" }).first().waitFor();
    await check(page, "error");
    fail = false;
    await page.getByRole("button", { name: "Retry" }).click();

    await page.getByText("You have not submitted any evidence yet.").waitFor();
    await page.getByRole("alert").filter({ hasText: "Could not load evidence!" }).waitFor({ state: "detached" });
    await check(page, "empty");
    for (const [choice, lands] of [
      ["Send a photo or video", () => page.getByText("Take Picture", { exact: true }).waitFor()],
      ["Send audio", () => page.getByText("Upload Audio", { exact: true }).waitFor()],
      ["Write a note", () => page.getByLabel("Title").waitFor()],
    ] as const) {
      await page.getByRole("button", { name: choice }).click();
      await lands();
      await page.goto("/Evidence");
      await page.getByText("You have not submitted any evidence yet.").waitFor();
    }
    expect(problems).toEqual([]);
    await context.close();
  }
});
