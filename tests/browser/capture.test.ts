/**
 * The participant's capture at 390×844 against the real server: drafts kept in IndexedDB through a reload, an
 * upload resumed after a reload mid-way, a note and a photo queued offline and sent when the network is back, and
 * leaving the page with unsent items asking first. Screenshots of the queue's states go to docs/screenshots/issue-8/.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { FIXTURES, newParticipant } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { launchBrowser, openPage } from "./browser";
import { UploadQueue } from "./pages/UploadQueue";

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const SHOTS = path.join(import.meta.dir, "../../docs/screenshots/issue-8");
async function keepShot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`) });
}

/** A participant (video watched) logged in through the API in a fresh phone-sized context. */
async function participantPage() {
  const { page, context, problems } = await openPage(browser, server.url);
  contexts.push(context);
  page.setDefaultTimeout(15_000);
  const { fields, user } = await newParticipant(server.url);
  const login = await page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } });
  expect(login.status()).toBe(200);
  expect((await page.request.put(`/api/user/watched/${user.id}`)).status()).toBe(200);
  return { page, context, problems, queue: new UploadQueue(page) };
}

async function addChoice(page: Page, choice: "Camera upload" | "Audio upload" | "Notes upload") {
  await page.getByRole("button", { name: "Add evidence" }).click();
  await page.getByRole("button", { name: choice }).click();
}

/** The participant's items on the server, newest last. */
async function serverItems(page: Page) {
  const response = await page.request.get("/api/evidence");
  return (await response.json()) as { title: string; media_type: number; media?: { sha256: string } }[];
}

/** The screens' code is loaded while online (the service worker, another branch, makes this unnecessary); ends on the list. */
async function loadScreensOnline(page: Page) {
  await page.goto("/evidence-details");
  await page.getByLabel("Title").waitFor();
  await page.goto("/evidenceupload");
  await page.goto("/Evidence");
  await page.getByRole("heading", { name: "My Evidence" }).waitFor();
}

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

/** The drafts kept in the browser's IndexedDB (their text and state). */
function storedDrafts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ title: string; status: string }[]>((resolve, reject) => {
        const open = indexedDB.open("casefile-capture");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction("drafts").objectStore("drafts").getAll();
          request.onsuccess = () => resolve(request.result.map(({ title, status }) => ({ title, status })));
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function waitForDraft(page: Page, title: string) {
  for (;;) {
    if ((await storedDrafts(page)).some((draft) => draft.title === title)) return;
    await page.waitForTimeout(100);
  }
}

/** A PCM WAV of about `bytes` bytes: larger than one tus chunk (4 MiB), so its upload takes several PATCH requests. */
function wav(bytes: number) {
  const data = bytes - 44;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data, 40);
  const samples = Buffer.alloc(data);
  for (let i = 0; i < data; i++) samples[i] = (i * 7919) & 0xff;
  return Buffer.concat([header, samples]);
}

test("a reload after choosing a photo keeps the draft (file, title, notes) and then sends it intact", async () => {
  const { page, queue, problems } = await participantPage();
  await page.goto("/Evidence");
  await addChoice(page, "Camera upload");
  await page.getByLabel(/Upload File/).setInputFiles(path.join(FIXTURES, "photo.jpg"));
  await page.waitForURL(/\/evidence-details\?draft=/);
  await page.getByLabel("Title").fill("Bridge at night");
  await page.getByLabel("Notes").fill("Two men by the north pillar.");
  await waitForDraft(page, "Bridge at night");

  await page.reload();
  await page.getByRole("img", { name: "Preview of the chosen photo" }).waitFor();
  expect(await page.getByLabel("Title").inputValue()).toBe("Bridge at night");
  expect(await page.getByLabel("Notes").inputValue()).toBe("Two men by the north pillar.");

  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.getByText("DO NOT CLOSE OUT OF THIS SCREEN").waitFor();
  await page.waitForURL("**/Evidence");
  await queue.waitFor("Bridge at night", "done");
  expect(await queue.row("Bridge at night").getByTestId("queue-row-state").textContent()).toBe("Arrived intact");
  await page.getByRole("button", { name: /^Bridge at night \(Photo\)/ }).waitFor();
  await keepShot(page, "arrived-intact");

  const [item] = await serverItems(page);
  expect(item!.media!.sha256).toBe(sha256(await readFile(path.join(FIXTURES, "photo.jpg"))));
  expect(await storedDrafts(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test("a reload mid-upload resumes from the server's offset (HEAD, no new upload) and completes intact", async () => {
  const { page, queue } = await participantPage();
  const bytes = wav(9 * 1024 * 1024);
  // The second PATCH (offset 4 MiB) is held unanswered, as a frozen link would: the reload comes while it hangs.
  let held!: () => void;
  const secondPatch = new Promise<void>((resolve) => (held = resolve));
  await page.route("**/api/uploads/*", async (route) => {
    if (route.request().method() === "PATCH" && route.request().headers()["upload-offset"] !== "0") return held();
    await route.continue();
  });
  await page.goto("/Evidence");
  await addChoice(page, "Audio upload");
  await page.getByLabel(/Upload Audio/).setInputFiles({ name: "long-call.wav", mimeType: "audio/wav", buffer: bytes });
  await page.waitForURL(/\/evidence-details\?draft=/);
  await page.getByLabel("Title").fill("Long call");
  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.waitForURL("**/Evidence");
  await secondPatch;
  await queue.waitFor("Long call", "sending");
  expect(await queue.row("Long call").getByRole("progressbar").getAttribute("aria-valuetext")).toMatch(/^4\d% \(4 MB of 9 MB\)$/);
  await keepShot(page, "queue-sending");

  await page.unroute("**/api/uploads/*");
  const tusRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/uploads")) tusRequests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on("dialog", (dialog) => dialog.accept());
  await page.reload();
  await queue.waitFor("Long call", "done");
  expect(tusRequests[0]).toMatch(/^HEAD \/api\/uploads\/[^/]+$/);
  expect(tusRequests.some((line) => line.startsWith("POST"))).toBe(false);
  await keepShot(page, "resumed");

  const items = await serverItems(page);
  expect(items.map((item) => item.title)).toEqual(["Long call"]);
  expect(items[0]!.media!.sha256).toBe(sha256(bytes));
});

test("starting offline: a note and a photo are queued, shown as offline, and sent when the network is back", async () => {
  const { page, context, queue } = await participantPage();
  await loadScreensOnline(page);
  await context.setOffline(true);

  await addChoice(page, "Notes upload");
  await page.waitForURL(/\/evidence-details\?draft=/);
  await page.getByLabel("Title").fill("Van at the corner");
  await page.getByLabel("Notes").fill("White van, no plates, engine running.");
  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.waitForURL("**/Evidence");
  await queue.waitFor("Van at the corner", "offline");

  await addChoice(page, "Camera upload");
  await page.getByLabel(/Take Picture/).setInputFiles(path.join(FIXTURES, "photo.jpg"));
  await page.waitForURL(/\/evidence-details\?draft=/);
  await page.getByLabel("Title").fill("Plate close-up");
  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.waitForURL("**/Evidence");
  await queue.waitFor("Plate close-up", "offline");
  expect(await queue.summary().textContent()).toBe("Offline: 2 items will send when the network is back");
  await keepShot(page, "offline-queued");

  await context.setOffline(false);
  await queue.waitFor("Van at the corner", "done");
  await queue.waitFor("Plate close-up", "done");
  expect((await serverItems(page)).map((item) => item.title).sort()).toEqual(["Plate close-up", "Van at the corner"]);
});

test("leaving the page with unsent items asks first; once they are sent it does not", async () => {
  const { page, context, queue } = await participantPage();
  await loadScreensOnline(page);
  await context.setOffline(true);
  await addChoice(page, "Notes upload");
  await page.waitForURL(/\/evidence-details\?draft=/);
  await page.getByLabel("Notes").fill("Footsteps behind the gallery at 21:40.");
  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.waitForURL("**/Evidence");
  await queue.waitFor("Supporting Evidence", "offline");

  const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => (resolve(dialog.type()), dialog.dismiss())));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
  expect(page.isClosed()).toBe(false);

  await context.setOffline(false);
  await queue.waitFor("Supporting Evidence", "done");
  const closed = new Promise<void>((resolve) => page.once("close", () => resolve()));
  await page.close({ runBeforeUnload: true });
  await closed;
});
