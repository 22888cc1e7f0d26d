/**
 * A frozen link at 390×844 against the real server: no byte for ~15 s is shown as "Connection lost, will continue"
 * with Retry and Cancel; Cancel keeps the draft (paused); Send again resumes from the server's offset and the item
 * arrives intact; a refusal retrying cannot fix keeps the draft with the server's words. (Long freezes, resets and throttling through a loopback proxy are tests/browser on branch capture-tests.)
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import type { Browser } from "playwright-core";
import { FIXTURES } from "../support/client";
import { type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { serverAndBrowser } from "./server-and-browser";
import { addChoice, freezeAfterFirstChunk, keepShot, participantPage, queueAudio, serverItems, sha256, storedDrafts, wav } from "./capture-support";

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));

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
  await expectNoSeriousA11yViolations(page, "a stalled upload");

  await queue.cancel("Gallery hum");
  await queue.waitFor("Gallery hum", "paused");
  expect(await storedDrafts(page)).toEqual([{ title: "Gallery hum", status: "paused" }]);
  await page.unroute("**/api/uploads/*");

  // The bar (and its panel) is on every screen but My Evidence, whose top already lists the queue.
  expect(await queue.bar().count()).toBe(0);
  await page.goto("/help");
  await queue.openPanel();
  await keepShot(page, "queue-panel");
  await expectNoSeriousA11yViolations(page, "the uploads panel");
  await page.getByTestId("upload-queue-panel").getByTestId("queue-row-send").click();
  await queue.waitFor("Gallery hum", "done");
  const items = await serverItems(page);
  expect(items.map((item) => [item.title, item.media?.sha256])).toEqual([["Gallery hum", sha256(bytes)]]);
  expect(problems).toEqual([]);
});

test("a refusal retrying cannot fix (415) shows the server's words and keeps the draft until the participant discards it", async () => {
  const { page, queue } = await participantPage(browser, server);
  await page.goto("/Evidence");
  await addChoice(page, "Camera upload");
  await page.getByLabel(/Upload File/).setInputFiles(path.join(FIXTURES, "page.html.jpg"));
  await page.waitForURL(/\/evidence-details\?draft=/);
  await page.getByLabel("Title").fill("Not a photo");
  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.waitForURL("**/Evidence");
  await queue.waitFor("Not a photo", "failed");
  const row = queue.row("Not a photo");
  expect(await row.getByRole("alert").textContent()).toMatch(/^\S.+ It is kept on this phone\.$/);
  expect(await storedDrafts(page)).toEqual([{ title: "Not a photo", status: "failed" }]);
  await keepShot(page, "refused");

  await row.getByTestId("queue-row-discard").click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Confirm" }).click();
  await row.waitFor({ state: "detached" });
  expect(await storedDrafts(page)).toEqual([]);
  expect(await serverItems(page)).toEqual([]);
});
