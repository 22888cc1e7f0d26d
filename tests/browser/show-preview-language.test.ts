/**
 * The Show screen's preview speaks the language being edited (issue 44): not only the show's texts but the app's own
 * words in it (buttons, headings) come from that language's catalog, while the admin's page keeps theirs; Arabic is
 * set right to left. At 390×844 and 1280×800, screenshots into /tmp/shots44c/. The checklist names a translation that
 * still holds the built-in meeting place by its field and language.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import arabic from "../../locales/ar.json";
import english from "../../locales/en.json";
import french from "../../locales/fr.json";
import { adminActor } from "../support/client";
import { ADMIN, type TestServer } from "../support/server";
import { LAPTOP, openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { signInWatched } from "./signIn";

setDefaultTimeout(180_000);

const SHOTS = "/tmp/shots44c";

let server: TestServer;
let browser: Browser;
serverAndBrowser((started) => ({ server, browser } = started));

const chooseLanguage = (page: Page, name: RegExp) => page.getByRole("group", { name: "Language of the texts" }).getByRole("button", { name }).click();

for (const viewport of [PHONE, LAPTOP]) {
  test(`the preview in French and in Arabic uses that language's words, at ${viewport.width} px`, async () => {
    const { page, context, problems } = await openPage(browser, server.url, viewport, { locale: "en-US" });
    page.setDefaultTimeout(15_000);
    await signInWatched(page, ADMIN.username, ADMIN.password);
    await page.goto("/admin/show");
    await page.getByRole("heading", { level: 1, name: "The show" }).waitFor();
    const preview = page.getByRole("region", { name: "Preview" });
    const frame = page.frameLocator('iframe[title^="Preview"]');
    // The main language (English here): the landing's buttons in English.
    await frame.getByRole("link", { name: english["landing.register"] }).waitFor();

    await chooseLanguage(page, /Français/);
    await page.getByTestId("translation-summary").waitFor();
    await frame.getByRole("link", { name: french["landing.register"], exact: true }).waitFor();
    await preview.getByRole("button", { name: "Home" }).click();
    await frame.getByRole("heading", { name: french["landing.send_evidence"] }).waitFor();
    expect(await frame.getByText(english["landing.send_evidence"], { exact: true }).count()).toBe(0);
    expect(await frame.locator("html").evaluate((node: HTMLElement) => [node.lang, node.dir])).toEqual(["fr", "ltr"]);
    // The admin's own page stays in English.
    expect(await preview.getByRole("button", { name: "Home" }).count()).toBe(1);
    await preview.getByRole("button", { name: "Help" }).click();
    await frame.getByRole("heading", { name: french["help.faq"] }).waitFor();
    await mkdir(SHOTS, { recursive: true });
    await preview.evaluate((node) => node.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: `${SHOTS}/preview-fr-${viewport.width}.png` });

    await chooseLanguage(page, /العربية/);
    await page.getByTestId("translation-summary").filter({ hasText: "Arabic:" }).waitFor();
    await preview.getByRole("button", { name: "Home" }).click();
    await frame.getByRole("heading", { name: arabic["landing.send_evidence"] }).waitFor();
    expect(await frame.locator("html").evaluate((node: HTMLElement) => [node.lang, node.dir])).toEqual(["ar", "rtl"]);
    expect(await frame.getByRole("heading", { name: arabic["landing.send_evidence"] }).evaluate((node) => getComputedStyle(node).direction)).toBe("rtl");
    expect(await frame.getByText(french["landing.send_evidence"], { exact: true }).count()).toBe(0);
    await preview.evaluate((node) => node.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: `${SHOTS}/preview-ar-${viewport.width}.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
}

test("the checklist names a translation that still holds the built-in meeting place by field and language", async () => {
  const admin = await adminActor(server.url);
  const faq = (await (await admin.get("/api/show?language=en")).json()).faq.map((_: unknown, index: number) => (index === 1 ? { question: null, answer: "Au coin de Main Street : attendez-y notre appel." } : null));
  expect((await admin.put("/api/show?language=fr", { faq })).status).toBe(200);
  const { page, context, problems } = await openPage(browser, server.url, PHONE, { locale: "en-US" });
  page.setDefaultTimeout(15_000);
  await signInWatched(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/show");
  const place = page.getByRole("region", { name: "The server says" }).locator('[data-code="built-in-meeting-place"]');
  await place.getByText("is still in: Appointment instructions, Frequently asked questions, Frequently asked questions (French)").waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
