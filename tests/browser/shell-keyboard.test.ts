/**
 * The shell's behaviour at 390×844 and 1280×800: the skip link, the video gate on every nav element, and old login
 * errors gone once the screen changes.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { newParticipant } from "../support/client";
import { type TestServer } from "../support/server";
import { LAPTOP, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { openWithShell } from "./signIn";

setDefaultTimeout(120_000);

const SPY = "Spy on Casefile Test (opens in a new tab)";
let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));


test("the skip link is the first stop of the keyboard and moves focus to the screen", async () => {
  {
    const { page, context } = await openWithShell(browser, server.url, LAPTOP);
    await page.goto("/help");
    await page.getByRole("heading", { name: "Help", exact: true }).waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("content");
    expect(await page.locator("#content").getByRole("heading", { name: "Help", exact: true }).isVisible()).toBe(true);
    expect(page.url()).toEndWith("/help");
    // The next Tab goes into the screen, not back to the bar.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.getElementById("content")!.contains(document.activeElement))).toBe(true);
    await context.close();
  }
});

test("the video gate holds every nav element: tabs, bar links, menu", async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context, shell } = await openWithShell(browser, server.url, viewport);
    const { fields } = await newParticipant(server.url);
    // Logged in, the video not watched: locked.
    expect((await page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } })).status()).toBe(200);
    await page.goto("/user");
    const welcome = page.getByRole("dialog", { name: "Welcome to Casefile Test" });
    await welcome.waitFor();
    // Behind the dialog, the bar is hidden from the accessibility tree: find it by its label.
    const nav = page.locator(`nav[aria-label="${viewport === PHONE ? "Tabs" : "Main"}"]`);
    const archive = nav.getByRole("link", { name: "Archive", includeHidden: true }).first();
    expect(await archive.getAttribute("aria-disabled")).toBe("true");
    expect(await archive.evaluate((link) => getComputedStyle(link).opacity)).toBe("0.5");
    if (viewport === PHONE) expect(await page.getByRole("button", { name: "Menu", includeHidden: true }).isDisabled()).toBe(true);
    // A click that gets through (the dialog covers the bar) is still refused, with the spec's alert.
    await archive.dispatchEvent("click");
    await welcome.getByRole("alert").filter({ hasText: "You must watch the video before navigating." }).waitFor();
    expect(page.url()).toEndWith("/user");
    if (viewport === LAPTOP) {
      const spy = nav.getByRole("link", { name: SPY, includeHidden: true }).first();
      expect(await spy.evaluate((link) => getComputedStyle(link).opacity)).toBe("0.5");
    }
    await context.close();
  }
});

test("an old login error is gone once the screen has changed", async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context, shell } = await openWithShell(browser, server.url, viewport);
    const nav = viewport === PHONE ? shell.tabBar() : shell.mainNav();
    await page.goto("/login");
    await page.locator("#content").getByRole("button", { name: "Login" }).click();
    const error = page.getByRole("alert").filter({ hasText: "Enter your username and password!" });
    await error.waitFor();
    await nav.getByRole("link", { name: "Archive" }).click();
    await page.waitForURL("**/archive");
    await nav.getByRole("link", { name: "Login" }).click();
    await page.getByRole("heading", { name: "Login" }).waitFor();
    expect(await error.count()).toBe(0);
    await context.close();
  }
});
