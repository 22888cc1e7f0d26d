/** Shared steps of the capture tests: a logged-in participant on a phone, the add menu, what the server and IndexedDB hold. */
import { expect } from "bun:test";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { newParticipant } from "../support/client";
import type { TestServer } from "../support/server";
import { openPage, PHONE } from "./browser";
import { UploadQueue } from "./pages/UploadQueue";

/**
 * Where the capture states' screenshots go: the ignored screenshots/ folder on every run, and the copies kept with
 * the issue (docs/screenshots/issue-8) only when asked with KEEP_SHOTS=1, so a test run leaves the work tree as it was.
 */
export const SHOTS = path.join(import.meta.dir, process.env.KEEP_SHOTS === "1" ? "../../docs/screenshots/issue-8" : "../../screenshots/issue-8");
/** Screenshots of the capture states (390 wide), see SHOTS. */
export async function keepShot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`) });
}

/** A participant (video watched) logged in through the API in a fresh context (at `baseUrl`, e.g. a fault proxy), phone-sized unless told. */
export async function participantPage(browser: Browser, server: TestServer, baseUrl = server.url, viewport = PHONE) {
  const { page, context, problems } = await openPage(browser, baseUrl, viewport);
  page.setDefaultTimeout(15_000);
  const { fields, user } = await newParticipant(server.url);
  const login = await page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } });
  expect(login.status()).toBe(200);
  expect((await page.request.put(`/api/user/watched/${user.id}`)).status()).toBe(200);
  return { page, context, problems, queue: new UploadQueue(page) };
}

export async function addChoice(page: Page, choice: "Camera upload" | "Audio upload" | "Notes upload") {
  await page.getByRole("button", { name: "Add evidence" }).click();
  await page.getByRole("button", { name: choice }).click();
}

/** The participant's items on the server, newest last. */
export async function serverItems(page: Page) {
  const response = await page.request.get("/api/evidence");
  return (await response.json()) as { title: string; media_type: number; media?: { sha256: string } }[];
}

/** The screens' code is loaded (and cached) while online, so the test does not lean on the service worker's install timing. */
export async function loadScreensOnline(page: Page) {
  await page.goto("/evidence-details");
  await page.getByLabel("Title").waitFor();
  await page.goto("/evidenceupload");
  await page.getByText("Take Picture").waitFor();
  await page.goto("/Evidence");
  await page.getByRole("heading", { name: "My Evidence" }).waitFor();
}

export const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

/** The drafts kept in the browser's IndexedDB (their text and state). */
export function storedDrafts(page: Page) {
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

export async function waitForDraft(page: Page, title: string) {
  for (;;) {
    if ((await storedDrafts(page)).some((draft) => draft.title === title)) return;
    await page.waitForTimeout(100);
  }
}

/** A PCM WAV of about `bytes` bytes: larger than one tus chunk (4 MiB), so its upload takes several PATCH requests. */
export function wav(bytes: number) {
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


/**
 * Leaves every PATCH after the first (offset 4 MiB on) unanswered, as a frozen link would; `held` resolves when one
 * is held. page.unroute("**\/api/uploads/*") lets the link through again.
 */
export async function freezeAfterFirstChunk(page: Page): Promise<{ held: Promise<void> }> {
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  await page.route("**/api/uploads/*", async (route) => {
    if (route.request().method() === "PATCH" && route.request().headers()["upload-offset"] !== "0") return held();
    await route.continue();
  });
  return { held: holding };
}

/** From the list: Audio upload → Upload Audio with a WAV of that size → title → Upload Evidence → back on the list. */
export async function queueAudio(page: Page, title: string, bytes: Buffer) {
  await page.goto("/Evidence");
  await addChoice(page, "Audio upload");
  await page.getByLabel(/Upload Audio/).setInputFiles({ name: `${title}.wav`, mimeType: "audio/wav", buffer: bytes });
  await page.waitForURL(/\/evidence-details\?draft=/);
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.waitForURL("**/Evidence");
}
