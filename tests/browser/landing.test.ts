/**
 * The landing (/home) at 390×844 and 1280×800: our own bridge, the spy link as an external link, the ticket warning,
 * the way in; a participant's one-tap capture; the archive variant. An axe scan and a screenshot of each.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { newParticipant } from "../support/client";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, PHONE, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { openWithShell, signInWatched } from "./signIn";

setDefaultTimeout(120_000);

const TICKET = "(Do NOT register for an account unless you have a ticket)";
let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));



const content = (page: Page) => page.locator("#content");

/** The landing's image: the operator's address from the config, with its size reserved, loaded. */
async function expectLandingImage(page: Page) {
  const image = content(page).getByRole("img", { name: "A bridge at night" });
  await image.waitFor();
  const { landingImageUrl } = (await (await page.request.get("/api/config")).json()) as { landingImageUrl?: string };
  expect(new URL((await image.getAttribute("src"))!, server.url).pathname).toBe(landingImageUrl ?? "/landing.svg");
  expect([await image.getAttribute("width"), await image.getAttribute("height")]).toEqual(["1600", "1000"]);
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>("#content img");
    return img?.complete && img.naturalWidth > 0;
  });
}

test("visitor: the bridge, the spy link as a link out, the ticket warning and the way in", async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context, problems } = await openWithShell(browser, server.url, viewport);
    await page.goto("/home");
    await page.getByRole("heading", { level: 1, name: "Casefile Test" }).waitFor();
    await expectLandingImage(page);
    const spy = content(page).getByRole("link", { name: "CLICK HERE TO SPY ON Casefile Test (opens in a new tab)" });
    expect(await spy.getAttribute("target")).toBe("_blank");
    expect(await spy.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await spy.getAttribute("href")).toBe("https://example.org/");
    // Not a shouting block: a link on the page's own surface.
    expect(await spy.evaluate((link) => getComputedStyle(link).textDecorationLine)).toBe("underline");
    const ticket = page.getByText(TICKET, { exact: true });
    expect(await ticket.isVisible()).toBe(true);
    await shot(page, "landing-visitor");
    await expectNoSeriousA11yViolations(page, `landing (visitor, ${viewport.width}px)`);
    // Nearly everyone at a venue is new: Register comes first and carries the accent, Login is the quieter one.
    const register = content(page).getByRole("link", { name: "Register", exact: true });
    const login = content(page).getByRole("link", { name: "Login", exact: true });
    const background = (link: typeof login) => link.evaluate((element) => getComputedStyle(element).backgroundColor);
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-accent").trim());
    expect(accent).not.toBe("");
    expect(await background(register)).not.toBe(await background(login));
    expect(await register.evaluate((element) => element.className)).toContain("bg-accent");
    expect((await register.boundingBox())!.x).toBeLessThan((await login.boundingBox())!.x);
    await register.click();
    await page.waitForURL("**/registration");
    await page.goBack();
    await content(page).getByRole("link", { name: "Login", exact: true }).click();
    await page.getByRole("heading", { name: "Login" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }
});

test("participant: photo/video, audio or a note, one tap from home, then the appointment", async () => {
  const { fields } = await newParticipant(server.url);
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context, problems } = await openWithShell(browser, server.url, viewport);
    await signInWatched(page, fields.username, fields.password);
    await page.goto("/home");
    const send = page.getByRole("region", { name: "Send evidence" });
    const choices = send.getByRole("button");
    await choices.first().waitFor(); // all() does not wait: the home screen renders once the start-up answers are in
    expect(await Promise.all((await choices.all()).map((choice) => choice.getAttribute("aria-label")))).toEqual(["Camera upload", "Audio upload", "Notes upload"]);
    // The main task comes before the appointment, within the first screen.
    const actions = await send.getByRole("button", { name: "Camera upload" }).boundingBox();
    expect(actions!.y + actions!.height).toBeLessThanOrEqual(viewport.height);
    await page.getByRole("heading", { name: "Your appointment" }).waitFor();
    expect(await page.getByText("meet at the downtown street corner of Main Street and 5th Avenue", { exact: false }).isVisible()).toBe(true);
    await expectLandingImage(page);
    await shot(page, "landing-participant");
    await expectNoSeriousA11yViolations(page, `home (participant, ${viewport.width}px)`);

    await send.getByRole("button", { name: "Camera upload" }).click();
    await page.waitForURL("**/evidenceupload");
    await page.getByRole("heading", { name: "Add photo or video evidence" }).waitFor();
    await page.getByRole("button", { name: /Take Picture/ }).waitFor();
    await page.goto("/home");
    await send.getByRole("button", { name: "Audio upload" }).click();
    await page.getByRole("heading", { name: "Add audio evidence" }).waitFor();
    await page.goto("/home");
    await send.getByRole("button", { name: "Notes upload" }).click();
    await page.waitForURL(/\/evidence-details(\?|$)/); // the details address may carry its draft (?draft=…)
    await page.getByRole("button", { name: "Upload Evidence" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }
});

test("archive mode: 'See the Evidence' for visitors; nothing to send for a logged-in admin", async () => {
  const archive = await startTestServer({ ARCHIVE_MODE: "on" });
  try {
    for (const viewport of [PHONE, LAPTOP]) {
      const { page, context, problems } = await openWithShell(browser, archive.url, viewport);
      await page.goto("/home");
      const see = content(page).getByRole("link", { name: "See the Evidence" });
      await see.waitFor();
      expect(await page.getByText(TICKET).count()).toBe(0);
      expect(await content(page).getByRole("link", { name: "Login" }).count()).toBe(0);
      expect(await content(page).getByRole("link", { name: /CLICK HERE TO SPY ON Casefile Test/ }).count()).toBe(1);
      await shot(page, "landing-archive");
      await expectNoSeriousA11yViolations(page, `landing (archive, ${viewport.width}px)`);
      await see.click();
      await page.waitForURL("**/archive");

      await signInWatched(page, ADMIN.username, ADMIN.password);
      await page.goto("/home");
      await page.getByRole("heading", { name: "Your appointment" }).waitFor();
      expect(await page.getByRole("region", { name: "Send evidence" }).count()).toBe(0);
      await shot(page, "landing-archive-admin");
      expect(problems).toEqual([]);
      await context.close();
    }
  } finally {
    await archive.stop();
  }
});
