/**
 * Administration → Server: reached from the console's link, the console's banner carrying the server's warning (here
 * a scheduled backup that fails), the numbers kept live by polling, the archive edition downloaded as a ZIP, and no
 * serious axe violation at either size.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { fixture, form, newParticipant } from "../support/client";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, PHONE, shot } from "./browser";
import { openWithShell, signInWatched } from "./signIn";

setDefaultTimeout(60_000);

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  const holder = await startTestServer();
  // BACKUP_DIR names a file, not a folder: the scheduled backup fails, and says so.
  const notAFolder = path.join(holder.dataDir, "backups");
  await writeFile(notAFolder, "");
  server = await startTestServer({ BACKUP_DIR: notAFolder, BACKUP_INTERVAL_HOURS: "0.001" });
  const stopHolder = holder.stop;
  const stopServer = server.stop;
  server.stop = async () => {
    await stopServer();
    await stopHolder();
  };
  for (const title of ["Stage left", "Lobby"]) {
    const { actor } = await newParticipant(server.url);
    expect((await actor.post("/api/evidence", form({ title }, { file: await fixture("photo.jpg") }))).status).toBe(201);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("the console warns of the failed backup; the Server screen shows it, stays live, and passes axe at both sizes", async () => {
  const { context, page, problems } = await openWithShell(browser, server.url, LAPTOP);
  await signInWatched(page, ADMIN.username, ADMIN.password);
  // The first attempt is due a few seconds after the start. The console looks once a minute, so open it once the
  // server reports the failure: its first look then shows the banner.
  for (let tries = 0; ; tries++) {
    const status = (await (await page.request.get("/api/server/status")).json()) as { warnings: { kind: string }[] };
    if (status.warnings.some((warning) => warning.kind === "backup-failed")) break;
    if (tries > 100) throw new Error("the failed backup never reached the status");
    await Bun.sleep(300);
  }
  await page.goto("/admin");
  await page.getByRole("alert").filter({ hasText: "The last backup" }).waitFor({ timeout: 10_000 });
  await page.getByRole("link", { name: "Server", exact: true }).click();
  await page.waitForURL("**/admin/server");

  const registered = page.locator("dt", { hasText: "Participants registered" }).locator("xpath=following-sibling::dd[1]");
  expect(await registered.textContent()).toBe("2");
  await page.getByRole("region", { name: "Backups" }).getByText("failed", { exact: true }).waitFor();
  expect(await page.getByRole("list", { name: "Latest errors" }).textContent()).toContain("scheduled backup failed");
  // Test servers make no renditions (RENDITION_JOBS=0): the screen says why, not that tools are missing.
  await page.getByRole("region", { name: "Copies for viewers" }).getByText("no (RENDITION_JOBS=0)").waitFor();

  // The archive edition as a ZIP: a plain link the browser downloads (same-origin, so the cross-site refusal lets it through).
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the edition (ZIP)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^archive-edition-\d{4}-\d\d-\d\d\.zip$/);
  expect(await download.failure()).toBeNull();

  // Live: a participant registering now appears within a poll or two, without a reload.
  await newParticipant(server.url);
  await page.locator("dt", { hasText: "Participants registered" }).locator("xpath=following-sibling::dd[1][text()='3']").waitFor({ timeout: 12_000 });

  await expectNoSeriousA11yViolations(page, "server (laptop)");
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, `server (${size.width})`);
    await shot(page, "server"); // docs/screenshots/issue-23/ holds copies of these
  }
  expect(problems).toEqual([]);
  await context.close();
});
