/** Session set-up for browser tests, through the API rather than the login screen. */
import { expect } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { openPage, PHONE } from "./browser";
import { Shell } from "./pages/Shell";

/** Logs the page's context in and marks the video watched, so screens open without the gate. */
export async function signInWatched(page: Page, usernameOrEmail: string, password: string) {
  const response = await page.request.post("/api/user/login", { data: { usernameOrEmail, password } });
  expect(response.status()).toBe(200);
  const { id } = (await response.json()) as { id: number };
  expect((await page.request.put(`/api/user/watched/${id}`)).status()).toBe(200);
}

/** openPage with a 10 s default timeout and the bar's page object. */
export async function openWithShell(browser: Browser, baseUrl: string, viewport = PHONE) {
  const opened = await openPage(browser, baseUrl, viewport);
  opened.page.setDefaultTimeout(10_000);
  return { ...opened, shell: new Shell(opened.page) };
}
