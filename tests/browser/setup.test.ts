/**
 * The first start in the browser (issue 16): with no admin and no ADMIN_* variables, the address the start prints
 * (/setup?token=…) creates the first admin and walks through the show's name and accent, the briefing video and the
 * venue network, ending logged in on the console. Phone and laptop, each on a fresh server; screenshots of each step.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { startReport } from "../../src/cli/start-report";
import { startTestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, PHONE } from "./browser";
import { openWithShell } from "./signIn";
import { showLanguage } from "./tour/pseudo";
import arabic from "../../locales/ar.json";

setDefaultTimeout(120_000);

const SHOTS = path.join(import.meta.dir, "../../docs/screenshots/issue-16");
const NO_ADMIN = { ADMIN_USERNAME: "", ADMIN_EMAIL: "", ADMIN_PASSWORD: "", PROJECT_NAME: "" };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function picture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0)); // else the sticky bar is drawn where the page was scrolled to
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

for (const viewport of [PHONE, LAPTOP]) {
  test(`${viewport.width}px: from the printed setup address to a logged-in admin on the console`, async () => {
    const server = await startTestServer(NO_ADMIN);
    try {
      // The address as the start prints it; the browser goes to it on the test server's own origin.
      const port = Number(new URL(server.url).port);
      const printed = startReport({ host: "127.0.0.1", publicUrl: undefined }, { port, https: false, setupToken: server.setupToken, warnings: [] });
      const line = printed.find((text) => text.includes("/setup?token="))!;
      const address = new URL(line.trim());
      const { page, context, problems } = await openWithShell(browser, server.url, viewport);

      await page.goto("/setup?token=wrong");
      await page.getByRole("alert").filter({ hasText: "This setup address is not valid." }).waitFor();

      await page.goto(address.pathname + address.search);
      await page.getByRole("heading", { name: "Your admin account" }).waitFor();
      await page.getByLabel("Full Name").fill("Ada Curator");
      await page.getByLabel("Username").fill("ada");
      await page.getByLabel("Email").fill("ada@example.org");
      // The first admin is asked for neither pronouns nor a phone number.
      expect(await page.getByLabel(/Phone Number|Pronouns/).count()).toBe(0);
      await page.getByLabel("Password", { exact: true }).fill("curator-pass");
      await page.getByLabel("Confirm Password").fill("curator-pass");
      await picture(page, "setup-account");
      await expectNoSeriousA11yViolations(page, `setup account (${viewport.width}px)`);
      await page.getByRole("button", { name: "Create the admin account" }).click();

      await page.getByRole("heading", { name: "The show's name and colour" }).waitFor();
      await page.getByLabel("Project name").fill("Night Walk");
      await page.getByLabel("Accent colour", { exact: true }).fill("#1d4ed8");
      await picture(page, "setup-show");
      await page.getByRole("button", { name: "Save and go on" }).click();

      await page.getByRole("heading", { name: "The briefing video" }).waitFor();
      await page.locator('input[type="file"]').setInputFiles(path.join(import.meta.dir, "../../web/public/tutorial.mp4"));
      await page.getByRole("button", { name: "Upload the briefing" }).click();

      await page.getByRole("heading", { name: "The venue's network" }).waitFor();
      // Nothing to choose: the address phones (and the invitation) will use, and how to give it HTTPS.
      expect(await page.getByRole("radio").count()).toBe(0);
      await page.getByText(`${server.url}/`, { exact: true }).waitFor();
      await page.getByText("This address works only on this computer.", { exact: false }).waitFor();
      await page.getByText("phones' browsers allow no in-page camera or recorder", { exact: false }).waitFor();
      await page.getByText("start the server with TLS=self-signed", { exact: false }).waitFor();
      await picture(page, "setup-network");
      if (viewport === PHONE) {
        await showLanguage(page, "ar");
        await page.getByRole("heading", { name: arabic["setup.step.network"] }).waitFor();
        await picture(page, "setup-network-ar");
        await showLanguage(page, "en");
      }
      await expectNoSeriousA11yViolations(page, `setup network (${viewport.width}px)`);
      await page.getByRole("button", { name: "Open the console" }).click();

      await page.waitForURL("**/admin");
      await page.getByRole("heading", { level: 1, name: "Administration" }).waitFor();
      // Logged in as the new admin; the show has the name, colour and briefing just chosen.
      const me = (await (await page.request.get("/api/user")).json()) as { username: string; role: number };
      expect([me.username, me.role]).toEqual(["ada", 2]);
      const show = (await (await page.request.get("/api/show")).json()) as { project_name: string; accent_color: string; media: Record<string, { default: boolean }> };
      expect([show.project_name, show.accent_color, show.media["onboarding-video"]!.default]).toEqual(["Night Walk", "#1d4ed8", false]);
      // The console shows what the server still warns about (plain HTTP here).
      const warnings = page.getByRole("region", { name: "The server says" });
      await warnings.getByText(/to set up/).click();
      await warnings.getByText("Plain HTTP", { exact: false }).waitFor();

      // The address worked once: now there is nothing to set up.
      await page.goto(address.pathname + address.search);
      await page.getByText("An admin already exists. Log in instead.").waitFor();
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
    }
  });
}
