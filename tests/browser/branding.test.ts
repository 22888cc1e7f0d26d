/** The operator's accent colour reaches every page: /theme.css, loaded after the app's stylesheet, wins over its default. */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { type TestServer } from "../support/server";
import { openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";

setDefaultTimeout(60_000);

let browser: Browser;
let server: TestServer;

serverAndBrowser((started) => ({ server, browser } = started), { ACCENT_COLOR: "#FFD60A" });

test("ACCENT_COLOR sets the page's accent tokens, with dark text chosen for a light accent", async () => {
  const { context, page, problems } = await openPage(browser, server.url, PHONE);
  await page.goto("/login");
  const tokens = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return ["--accent", "--accent-strong", "--on-accent"].map((name) => style.getPropertyValue(name).trim());
  });
  expect(tokens).toEqual(["#ffd60a", "#d9b609", "#111111"]);
  expect(problems).toEqual([]);
  await context.close();
});
