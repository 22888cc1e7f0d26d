/**
 * The show speaks every language (issue 44), in the browser at 390×844: the operator rewrites step 2 in English and
 * then in French on the Show screen; a French phone reads the French step 2 and the shipped French steps 1 and 3; an
 * Arabic phone reads the shipped Arabic steps and the English step 2 set left to right inside its right-to-left page;
 * the player offers the French captions to the French phone first. Screenshots into /tmp/shots44/.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import arabic from "../../locales/ar.json";
import french from "../../locales/fr.json";
import { adminActor, newParticipant } from "../support/client";
import { ADMIN, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { signInWatched } from "./signIn";

setDefaultTimeout(180_000);

const SHOTS = "/tmp/shots44";
const ENGLISH_STEP = "Meet at the old pier by the ferry (gate 4) and wait for our call.";
const FRENCH_STEP = "Retrouvez-nous au vieux ponton près du bac (porte 4) et attendez notre appel.";

let server: TestServer;
let browser: Browser;
serverAndBrowser((started) => ({ server, browser } = started));

async function picture(page: Page, name: string, fullPage = true) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage });
}

/** The appointment's steps as the page shows them: each step's text element. */
const steps = (page: Page) => page.locator('section[aria-labelledby="instructions-title"] li > div');

test("the operator edits step 2 in English, then in French, on the Show screen", async () => {
  const { page, context, problems } = await openPage(browser, server.url, PHONE);
  page.setDefaultTimeout(15_000);
  await signInWatched(page, ADMIN.username, ADMIN.password);
  await page.goto("/admin/show");
  await page.getByRole("heading", { level: 1, name: "The show" }).waitFor();
  await page.getByLabel("Step 2", { exact: true }).fill(ENGLISH_STEP);
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("alert").filter({ hasText: "Saved." }).waitFor();

  // French: every text beside the English, marked while it has no French; the shipped French steps count as translated.
  await page.getByRole("group", { name: "Language of the texts" }).getByRole("button", { name: /Français/ }).click();
  const summary = page.getByTestId("translation-summary");
  await summary.waitFor();
  const before = await summary.textContent();
  expect(before).toMatch(/^French: \d+ texts? not translated$/);
  const step2 = page.getByLabel("Step 2", { exact: true });
  expect(await step2.inputValue()).toBe("");
  expect(await page.locator('[data-translated="no"]').filter({ has: step2 }).getByText("Not translated — phones show the English text.").count()).toBe(1);
  expect(await page.locator('[data-translated="no"]').filter({ has: step2 }).getByText(ENGLISH_STEP).count()).toBe(1);
  expect(await page.getByLabel("Step 1", { exact: true }).inputValue()).toBe(french["show.instructions.1"]);
  await step2.fill(FRENCH_STEP);
  const missing = Number(/(\d+)/.exec(before!)![1]);
  await summary.filter({ hasText: missing === 1 ? "French: every text is translated" : `French: ${missing - 1} text` }).waitFor();
  // The preview reads French.
  const preview = page.getByRole("region", { name: "Preview" });
  await preview.getByRole("button", { name: "Home" }).click();
  const frame = page.frameLocator('iframe[title^="Preview"]');
  await frame.getByText(FRENCH_STEP).waitFor();
  expect(await frame.locator("html").getAttribute("lang")).toBe("fr");
  await page.getByRole("group", { name: "Language of the texts" }).evaluate((node) => (node.scrollIntoView({ block: "start" }), window.scrollBy(0, -72)));
  await picture(page, "show-translating", false);
  await step2.evaluate((node) => node.scrollIntoView({ block: "center" }));
  await picture(page, "show-translating-step", false);
  await expectNoSeriousA11yViolations(page, "Show screen translating (390px)");
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("alert").filter({ hasText: "Saved." }).waitFor();

  const admin = await adminActor(server.url);
  const inFrench = (await (await admin.get("/api/show?language=fr")).json()) as { instructions: string[]; languages: { instructions: string[] } };
  expect(inFrench.instructions).toEqual([french["show.instructions.1"], FRENCH_STEP, french["show.instructions.3"]]);
  expect(inFrench.languages.instructions).toEqual(["fr", "fr", "fr"]);
  const inEnglish = (await (await admin.get("/api/show?language=en")).json()) as { instructions: string[] };
  expect(inEnglish.instructions[1]).toBe(ENGLISH_STEP);

  // Arabic has no step 2 of its own: the preview sets it right to left around the English step, left to right.
  await page.setViewportSize(LAPTOP);
  await page.getByRole("group", { name: "Language of the texts" }).getByRole("button", { name: /العربية/ }).click();
  await page.getByTestId("translation-summary").filter({ hasText: "Arabic:" }).waitFor();
  await preview.getByRole("button", { name: "Home" }).click();
  await frame.getByText(ENGLISH_STEP).waitFor();
  expect(await frame.locator("html").getAttribute("dir")).toBe("rtl");
  await page.evaluate(() => window.scrollTo(0, 0));
  await picture(page, "show-translating-ar", false);
  expect(problems).toEqual([]);
  await context.close();
});

test("a French phone reads the French step 2 and the shipped French steps 1 and 3; Home and Help in French", async () => {
  const { page, context, problems } = await openPage(browser, server.url, PHONE, { locale: "fr-FR" });
  page.setDefaultTimeout(15_000);
  const { fields } = await newParticipant(server.url);
  await signInWatched(page, fields.username, fields.password);
  await page.goto("/home");
  await steps(page).first().waitFor();
  expect(await steps(page).allTextContents()).toEqual([french["show.instructions.1"], FRENCH_STEP, french["show.instructions.3"]]);
  expect(await steps(page).evaluateAll((nodes) => nodes.map((node) => [node.getAttribute("lang"), node.getAttribute("dir")]))).toEqual([
    ["fr", "auto"],
    ["fr", "auto"],
    ["fr", "auto"],
  ]);
  await steps(page).nth(1).evaluate((node) => node.scrollIntoView({ block: "center" }));
  await picture(page, "home-fr", false);
  await page.goto("/help");
  await page.locator("summary").first().waitFor();
  expect(await page.locator("summary").first().textContent()).toBe(french["show.faq.1.question"]);
  await picture(page, "help-fr", false);
  expect(problems).toEqual([]);
  await context.close();
});

test("an Arabic phone reads Arabic where it exists and the English step 2 left to right inside the right-to-left page", async () => {
  const { page, context, problems } = await openPage(browser, server.url, PHONE, { locale: "ar" });
  page.setDefaultTimeout(15_000);
  const { fields } = await newParticipant(server.url);
  await signInWatched(page, fields.username, fields.password);
  await page.goto("/home");
  await steps(page).first().waitFor();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  expect(await steps(page).allTextContents()).toEqual([arabic["show.instructions.1"], ENGLISH_STEP, arabic["show.instructions.3"]]);
  const english = steps(page).nth(1);
  expect([await english.getAttribute("lang"), await english.getAttribute("dir")]).toEqual(["en", "auto"]);
  expect(await english.evaluate((node) => getComputedStyle(node).direction)).toBe("ltr");
  expect(await steps(page).first().evaluate((node) => [node.getAttribute("lang"), getComputedStyle(node).direction])).toEqual(["ar", "rtl"]);
  // The full stop ends the English line on its right, not at its left edge as right-to-left would set it.
  const stop = await english.locator("p").evaluate((p) => {
    const range = document.createRange();
    const text = p.firstChild!;
    range.setStart(text, text.textContent!.length - 1);
    range.setEnd(text, text.textContent!.length);
    const dot = range.getBoundingClientRect();
    const box = p.getBoundingClientRect();
    const first = document.createRange();
    first.setStart(text, 0);
    first.setEnd(text, 1);
    return { dotRight: dot.right, firstLeft: first.getBoundingClientRect().left, boxLeft: box.left };
  });
  expect(Math.abs(stop.firstLeft - stop.boxLeft)).toBeLessThan(2);
  expect(stop.dotRight).toBeGreaterThan(stop.firstLeft);
  await english.evaluate((node) => node.scrollIntoView({ block: "center" }));
  await picture(page, "home-ar", false);
  await page.goto("/help");
  await page.locator("summary").first().waitFor();
  expect(await page.locator("summary").first().textContent()).toBe(arabic["show.faq.1.question"]);
  await picture(page, "help-ar", false);
  expect(problems).toEqual([]);
  await context.close();
});

test("the player offers the French captions to the French phone, first; every track named in its own language", async () => {
  const admin = await adminActor(server.url);
  const body = new FormData();
  body.append("language", "fr");
  body.append("file", new File(["WEBVTT\n\n00:00.000 --> 00:02.000\nBienvenue dans le tutoriel.\n"], "tutoriel.vtt", { type: "text/vtt" }));
  expect((await admin.request("PUT", "/api/show/media/tutorial-captions", body)).status).toBe(200);

  const { page, context, problems } = await openPage(browser, server.url, PHONE, { locale: "fr-FR" });
  page.setDefaultTimeout(15_000);
  await page.goto("/help");
  const tracks = page.locator("video").first().locator("track");
  await tracks.first().waitFor({ state: "attached" });
  const described = await tracks.evaluateAll((nodes) => nodes.map((node) => ({ lang: node.getAttribute("srclang"), label: node.getAttribute("label"), isDefault: node.hasAttribute("default") })));
  expect(described).toContainEqual({ lang: "fr", label: "français", isDefault: true });
  expect(described).toContainEqual({ lang: "en", label: "English", isDefault: false });
  expect(described.filter((track) => track.isDefault)).toHaveLength(1);

  // The English phone gets the same tracks, English first.
  const { page: englishPage, context: englishContext } = await openPage(browser, server.url, PHONE, { locale: "en-US" });
  await englishPage.goto("/help");
  const englishTracks = englishPage.locator("video").first().locator("track");
  await englishTracks.first().waitFor({ state: "attached" });
  expect(await englishTracks.evaluateAll((nodes) => nodes.filter((node) => node.hasAttribute("default")).map((node) => node.getAttribute("srclang")))).toEqual(["en"]);
  await englishContext.close();
  expect(problems).toEqual([]);
  await context.close();
});
