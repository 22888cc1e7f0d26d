/**
 * The Server screen during a database outage (a libSQL server, sqld, stopped): it keeps the last status and says
 * since when the server cannot reach its database and why; once sqld is back the warning goes by itself.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { startSqld, type Sqld } from "../ship/support/sqld";
import { LAPTOP, launchBrowser } from "./browser";
import { openWithShell, signInWatched } from "./signIn";

setDefaultTimeout(90_000);

let browser: Browser;
let sqld: Sqld;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser();
  sqld = await startSqld();
  server = await startTestServer({ DATABASE_URL: sqld.url });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sqld?.stop();
});

test("sqld stopped: the Server screen says since when the database cannot be reached and why, the last numbers kept; back: the warning goes", async () => {
  const { context, page, problems } = await openWithShell(browser, server.url, LAPTOP);
  await signInWatched(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/server");
  const registered = page.locator("dt", { hasText: "Participants registered" });
  await registered.waitFor();

  await sqld.kill();
  // The screen polls every 5 s.
  const warning = page.getByRole("alert").filter({ hasText: "The server cannot reach its database since" });
  await warning.waitFor({ timeout: 20_000 });
  const text = (await warning.textContent()) ?? "";
  expect(text).toContain("participants are asked to try again in a minute. Why:");
  expect(text).toMatch(/ECONNREFUSED|Unable to connect|fetch failed/);
  expect(await registered.isVisible()).toBe(true);

  await sqld.restart();
  await warning.waitFor({ state: "detached", timeout: 30_000 });
  expect(problems).toEqual([]);
  await context.close();
});
