/**
 * A frozen link at 390×844 against the real server: no byte for ~15 s is shown as "Connection lost, will continue"
 * with Retry and Cancel; Cancel keeps the draft (paused); Send again resumes from the server's offset and the item
 * arrives intact. (Long freezes, resets and throttling through a loopback proxy are tests/browser on branch capture-tests.)
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server";
import { launchBrowser } from "./browser";
import { freezeAfterFirstChunk, keepShot, participantPage, queueAudio, serverItems, sha256, storedDrafts, wav } from "./capture-support";

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("a stall says so with Retry and Cancel; Cancel keeps the draft; Send again finishes it intact", async () => {
  const { page, queue, problems } = await participantPage(browser, server);
  const bytes = wav(5 * 1024 * 1024);
  const frozen = await freezeAfterFirstChunk(page);
  await queueAudio(page, "Gallery hum", bytes);
  await frozen.held;

  await queue.waitFor("Gallery hum", "stalled", 30_000);
  expect(await queue.summary().textContent()).toBe("Connection lost, will continue");
  await queue.row("Gallery hum").getByTestId("queue-row-retry").waitFor();
  await keepShot(page, "stall");

  await queue.cancel("Gallery hum");
  await queue.waitFor("Gallery hum", "paused");
  expect(await storedDrafts(page)).toEqual([{ title: "Gallery hum", status: "paused" }]);
  await page.unroute("**/api/uploads/*");

  await queue.openPanel();
  await page.getByTestId("upload-queue-panel").getByTestId("queue-row-send").click();
  await queue.waitFor("Gallery hum", "done");
  const items = await serverItems(page);
  expect(items.map((item) => [item.title, item.media?.sha256])).toEqual([["Gallery hum", sha256(bytes)]]);
  expect(problems).toEqual([]);
});
