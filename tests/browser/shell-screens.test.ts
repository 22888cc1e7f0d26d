/**
 * The shell's own screens at 390×844 and 1280×800 (login, help, the three reset steps, verify-email, 404), for a
 * visitor and in archive mode: the spec's texts, an axe scan and a screenshot of each, no sideways scrolling.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";

setDefaultTimeout(120_000);

let browser: Browser;
let server: TestServer;

// Mail set up, so the reset screens are the mailed-code steps (nothing is mailed here: the address is never dialled).
// Without it the first step says mail is not set up: tests/browser/temporary-password.test.ts.
serverAndBrowser((started) => ({ server, browser } = started), { SMTP_URL: "smtp://127.0.0.1:9" });

async function visit(page: Page, path: string, name: string, heading: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
  await shot(page, name);
  await expectNoSeriousA11yViolations(page, `${name} at ${page.viewportSize()!.width}px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const viewport of [PHONE, LAPTOP]) {
  test(`login, help, reset, verify-email and 404 at ${viewport.width}×${viewport.height}`, async () => {
    const { page, context, problems } = await openPage(browser, server.url, viewport);
    page.setDefaultTimeout(10_000);
    await visit(page, "/login", "login", "Login");
    for (const label of ["Username or Email", "Password"]) await page.getByLabel(label, { exact: true }).waitFor();
    for (const name of ["Login", "Reset Password", "REGISTER"]) await page.locator("#content").getByRole(name === "Login" ? "button" : "link", { name, exact: true }).waitFor();
    await page.locator("#content").getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").filter({ hasText: "Enter your username and password!" }).waitFor();
    await shot(page, "login-error");

    await visit(page, "/help", "help", "Help");
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    await faq.getByText("Will I be paid?").click();
    await faq.getByText("No. Taking part is voluntary").waitFor();
    await page.getByLabel("Tutorial video").waitFor();
    await shot(page, "help-faq-open");

    await visit(page, "/reset-password-email", "reset-password-email", "Reset your password");
    await page.getByText("Step 1 of 3").waitFor();
    await visit(page, "/reset-password-code", "reset-password-code", "Enter your code");
    await page.getByRole("button", { name: "Request another code" }).waitFor();
    await visit(page, "/reset-password-page", "reset-password-page", "Choose a new password");
    await visit(page, "/verify-email", "verify-email", "Email Verified Successfully!");
    await page.getByRole("link", { name: "Go to your profile" }).waitFor();
    await visit(page, "/no/such/place", "not-found", "404 — Page not found");
    expect(problems).toEqual([]);
    await context.close();
  });
}

test("archive mode: login without REGISTER, at both sizes", async () => {
  const archive = await startTestServer({ ARCHIVE_MODE: "on" });
  try {
    for (const viewport of [PHONE, LAPTOP]) {
      const { page, context, problems } = await openPage(browser, archive.url, viewport);
      page.setDefaultTimeout(10_000);
      await visit(page, "/login", "login-archive", "Login");
      expect(await page.getByRole("link", { name: "REGISTER" }).count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    }
  } finally {
    await archive.stop();
  }
});
