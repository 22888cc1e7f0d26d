/**
 * The capture queue on a phone (390×844) over the venue's Wi-Fi, played by the fault proxy between Chromium and the
 * real server: a frozen link shows "Connection lost, will continue" with Retry and Cancel, and Retry after the thaw
 * finishes the item; a reset mid-upload and a reload mid-upload resume from the server's offset (the proxy's byte
 * count shows the file did not go twice) and the item arrives with the file's exact SHA-256. The full 20 MB video at
 * 400 kbit/s is tests/network/slow-link.long.ts, run beside the main suite.
 */
import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { paddedMp4, type PaddedVideo } from "../support/padded-video";
import { startTestServer, type TestServer } from "../support/server";
import { launchBrowser } from "./browser";
import { participantOnPhone, queueRow, rowInState, sendFile, storedItem, type PhonePage } from "./pages/upload-queue";

setDefaultTimeout(60_000);

/** 2 Mbit/s: slow enough to act mid-upload, fast enough that each test stays short. */
const LINK_BITS_PER_SECOND = 2_000_000;
const SCREENSHOTS = path.join(import.meta.dir, "../../docs/screenshots/issue-8");

let server: TestServer;
let proxy: FaultProxy;
let browser: Browser;
let video: PaddedVideo;
let phone: PhonePage | undefined;

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startFaultProxy(server.url, { up: LINK_BITS_PER_SECOND });
  browser = await launchBrowser();
  video = await paddedMp4(2 * 1024 * 1024, "gallery-clip.mp4");
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterEach(async () => {
  proxy.thaw();
  await phone?.context.close();
  if (phone) expect(phone.problems).toEqual([]);
  phone = undefined;
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
  await video?.remove();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the proxy has passed `bytes` more upstream than `from` (the upload is under way). */
async function uploadedPast(from: number, bytes: number) {
  while (proxy.stats().up - from < bytes) await sleep(25);
}

async function expectArrivedIntact(title: string) {
  const row = queueRow(phone!.page, title);
  await rowInState(row, "done", 30_000);
  await row.getByText("Arrived intact").waitFor();
  const items = await storedItem(phone!.participant, title);
  expect(items).toHaveLength(1);
  expect(items[0]!.media).toMatchObject({ size: video.size, sha256: video.sha256 });
}

describe("capture queue over the venue's Wi-Fi (phone)", () => {
  test("a frozen link shows the stall with Retry and Cancel; Retry after the thaw finishes the item", async () => {
    phone = await participantOnPhone(browser, server.url, proxy.url);
    const { page } = phone;
    const start = proxy.stats().up;
    await sendFile(page, video.path, "Stalled clip");
    await page.waitForURL("**/Evidence");
    const row = queueRow(page, "Stalled clip");
    await uploadedPast(start, video.size / 4);

    proxy.freeze();
    await rowInState(row, "stalled", 30_000);
    await row.getByText("Connection lost, will continue").waitFor();
    await row.getByTestId("queue-row-retry").waitFor();
    await row.getByTestId("queue-row-cancel").waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, "queue-stalled-390.png") });

    proxy.thaw();
    await row.getByTestId("queue-row-retry").click();
    await rowInState(row, "sending", 15_000);
    await page.screenshot({ path: path.join(SCREENSHOTS, "queue-resumed-390.png") });
    await expectArrivedIntact("Stalled clip");
    await page.screenshot({ path: path.join(SCREENSHOTS, "queue-arrived-390.png") });
  });

  test("a reset mid-upload resumes from the server's offset and arrives intact", async () => {
    phone = await participantOnPhone(browser, server.url, proxy.url);
    const start = proxy.stats().up;
    await sendFile(phone.page, video.path, "Reset clip");
    await phone.page.waitForURL("**/Evidence");
    await uploadedPast(start, video.size / 3);

    proxy.reset();
    await expectArrivedIntact("Reset clip");
    // Starting over would have sent at least 1.33 × the file; resuming sends it once plus what the reset cut short.
    expect(proxy.stats().up - start).toBeLessThan(video.size * 1.25);
  });

  test("a reload mid-upload resumes from the stored offset and completes", async () => {
    phone = await participantOnPhone(browser, server.url, proxy.url);
    const start = proxy.stats().up;
    await sendFile(phone.page, video.path, "Reloaded clip");
    await phone.page.waitForURL("**/Evidence");
    await uploadedPast(start, video.size * 0.6);

    // Leaving with an unsent item asks first; the participant reloads anyway.
    const asked: string[] = [];
    phone.page.once("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await phone.page.reload();
    expect(asked).toEqual(["beforeunload"]);
    await expectArrivedIntact("Reloaded clip");
    // The whole file twice would be ≥ 1.6 × its size here.
    expect(proxy.stats().up - start).toBeLessThan(video.size * 1.35);
  });
});
