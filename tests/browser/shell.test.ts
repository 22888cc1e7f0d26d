/**
 * The app's shell at 390×844 and 1280×800: a tab bar on the phone and a top navigation on the laptop, each with the
 * spec's entries in its order for the visitor, the participant, the admin and archive mode; a long project name.
 * (shell-keyboard.test.ts: the skip link, the video gate, old errors.)
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { newParticipant } from "../support/client";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, PHONE, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { openWithShell, signInWatched } from "./signIn";

setDefaultTimeout(120_000);

const SPY = "Spy on Casefile Test (opens in a new tab)";
let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));



test("phone: the spec's routes in a tab bar, the menu and the avatar in the top bar", async () => {
  const { page, context, problems, shell } = await openWithShell(browser, server.url, PHONE);
  await page.goto("/home");
  await page.getByText("(Do NOT register for an account unless you have a ticket)").waitFor();
  expect(await shell.tabs()).toEqual(["Home", "Archive", "Register", "Login"]);
  expect(await shell.tabBar().getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
  expect(await shell.mainNav().getByRole("link", { name: "Archive" }).isVisible()).toBe(false);
  expect(await shell.entries()).toEqual(["Home", "Archive", "Register", "Login"]);
  await shell.tabBar().getByRole("link", { name: "Archive" }).click();
  await page.waitForURL("**/archive");
  expect(await shell.tabBar().getByRole("link", { name: "Archive" }).getAttribute("aria-current")).toBe("page");

  const { fields } = await newParticipant(server.url);
  await signInWatched(page, fields.username, fields.password);
  await page.goto("/home");
  await page.getByRole("heading", { name: "Your appointment" }).waitFor();
  expect(await shell.tabs()).toEqual(["Home", "Evidence", "Archive", "Help"]);
  expect(await shell.entries()).toEqual(["Home", "Evidence", "Archive", "Help", SPY, "Logout"]);
  await shell.mainNav().getByRole("link", { name: "Your profile" }).click();
  await page.waitForURL("**/user");
  await shell.openMenu();
  await shot(page, "shell-menu-participant");
  await expectNoSeriousA11yViolations(page, "menu open (participant, phone)");
  await page.keyboard.press("Escape");
  await shell.tabBar().getByRole("link", { name: "Evidence" }).click();
  await page.waitForURL("**/evidence");
  // Choosing the page already shown closes the menu too (it covered the page and swallowed the next tap).
  const menu = await shell.openMenu();
  await menu.getByRole("link", { name: "Evidence" }).click();
  await menu.waitFor({ state: "hidden" });
  expect(await shell.menuButton().getAttribute("aria-expanded")).toBe("false");

  await context.clearCookies();
  await signInWatched(page, ADMIN.username, ADMIN.password);
  await page.goto("/help");
  // The bar renders at once; the screen only once the user is known.
  await page.getByRole("heading", { name: "Help", exact: true }).waitFor();
  expect(await shell.tabs()).toEqual(["Home", "Evidence", "Admin Page", "Archive", "Help"]);
  expect(await shell.entries()).toEqual(["Home", "Evidence", "Admin Page", "Archive", "Help", SPY, "Logout"]);
  await expectNoSeriousA11yViolations(page, "help (admin, phone)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(problems).toEqual([]);
  await context.close();
});

test("laptop: every entry visible in the top bar, in the spec's order; no tab bar and no menu needed", async () => {
  const { page, context, problems, shell } = await openWithShell(browser, server.url, LAPTOP);
  await page.goto("/archive");
  await page.locator("#content main").waitFor();
  expect(await shell.tabBar().isVisible()).toBe(false);
  expect(await shell.menuButton().isVisible()).toBe(false);
  expect(await shell.entries()).toEqual(["Home", "Archive", "Register", "Login"]);
  expect(await shell.mainNav().getByRole("link", { name: "Archive" }).getAttribute("aria-current")).toBe("page");

  const { fields } = await newParticipant(server.url);
  await signInWatched(page, fields.username, fields.password);
  await page.goto("/home-validate");
  await page.getByRole("heading", { name: "Your appointment" }).waitFor();
  expect(await shell.entries()).toEqual(["Home", "Evidence", "Archive", "Help", SPY, "Logout"]);
  expect(await shell.mainNav().getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
  const spy = shell.mainNav().getByRole("link", { name: SPY });
  expect([await spy.getAttribute("target"), await spy.getAttribute("rel")]).toEqual(["_blank", "noopener noreferrer"]);
  await shot(page, "shell-bar-participant");
  await shell.mainNav().getByRole("link", { name: "Help" }).click();
  await page.waitForURL("**/help");
  expect(await shell.mainNav().getByRole("link", { name: "Help" }).getAttribute("aria-current")).toBe("page");

  await context.clearCookies();
  await signInWatched(page, ADMIN.username, ADMIN.password);
  await page.goto("/help");
  await page.getByRole("heading", { name: "Help", exact: true }).waitFor();
  expect(await shell.entries()).toEqual(["Home", "Evidence", "Admin Page", "Archive", "Help", SPY, "Logout"]);
  await expectNoSeriousA11yViolations(page, "help (admin, laptop)");
  await shell.logout();
  await page.waitForURL("**/home");
  expect(await shell.entries()).toEqual(["Home", "Archive", "Register", "Login"]);
  expect(problems).toEqual([]);
  await context.close();
});

test("archive mode with a long project name: Home and Archive only, and the bar holds together", async () => {
  const longName = "The Extraordinarily Long-Winded Investigation Into Everything That Happened On The Bridge";
  const archive = await startTestServer({ ARCHIVE_MODE: "on", PROJECT_NAME: longName });
  try {
    for (const viewport of [PHONE, LAPTOP]) {
      const { page, context, problems, shell } = await openWithShell(browser, archive.url, viewport);
      await page.goto("/home");
      await page.getByRole("link", { name: "See the Evidence" }).waitFor();
      expect(await shell.entries()).toEqual(["Home", "Archive"]);
      if (viewport === PHONE) expect(await shell.tabs()).toEqual(["Home", "Archive"]);
      // The name is cut short in the bar, never wrapped or pushed past the edge.
      const bar = await shell.mainNav().boundingBox();
      expect(bar!.height).toBeLessThanOrEqual(64);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, "shell-archive-long-name");
      await expectNoSeriousA11yViolations(page, `archive home at ${viewport.width}px`);
      expect(problems).toEqual([]);
      await context.close();
    }
  } finally {
    await archive.stop();
  }
});
