/**
 * Choosing a language in the browser: the phone's own languages, the switch on the landing (remembered across a
 * reload and carried to the account at login), an added right-to-left language mirroring the page. The catalogs are
 * an admin's uploads here, so the test does not depend on how far the shipped translations are.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { adminActor, newParticipant } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE, shot } from "./browser";
import { showLanguage } from "./tour/pseudo";

setDefaultTimeout(120_000);

const FRENCH = {
  "landing.register": "S’inscrire",
  "landing.login": "Connexion",
  "login.title": "Connexion",
  "login.username_or_email": "Nom d’utilisateur ou e-mail",
  "login.password": "Mot de passe",
  "login.submit": "Se connecter",
  "language.label": "Langue",
  "show.landing_eyebrow": "Une enquête participative",
};
const ARABIC = { "landing.register": "التسجيل", "landing.login": "تسجيل الدخول", "language.label": "اللغة", "show.landing_eyebrow": "تحقيق تشاركي" };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const admin = await adminActor(server.url);
  for (const [code, catalog] of [["fr", FRENCH], ["ar", ARABIC]] as const) {
    expect((await admin.put(`/api/i18n/catalogs/${code}`, catalog)).status).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const content = (page: Page) => page.locator("#content");
const languageSwitch = (page: Page) => page.locator("#content").getByRole("combobox", { name: /Language|Langue|اللغة/ });
/** The page's account language as the server has it, once the app has had time to send it. */
const accountLanguage = (page: Page) =>
  page.waitForFunction(async () => ((await (await fetch("/api/user")).json()) as { language: string | null }).language, undefined, { timeout: 10_000 }).then((h) => h.jsonValue());
const html = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

test("a phone set to French gets French without choosing; one set to Portuguese gets the default, English", async () => {
  for (const [locale, register, lang] of [["fr-FR", "S’inscrire", "fr"], ["pt-BR", "Register", "en"]] as const) {
    const { page, context, problems } = await openPage(browser, server.url, PHONE, { locale });
    await page.goto("/home");
    await content(page).getByRole("link", { name: register, exact: true }).waitFor();
    expect(await html(page)).toEqual({ lang, dir: "ltr" });
    expect(problems).toEqual([]);
    await context.close();
  }
});

test("the landing's switch changes every word at once, survives a reload, and goes to the account at login", async () => {
  const { user, fields } = await newParticipant(server.url);
  const { page, context, problems } = await openPage(browser, server.url, PHONE, { locale: "en-US" });
  await page.goto("/home");
  await content(page).getByRole("link", { name: "Register", exact: true }).waitFor();
  expect(await languageSwitch(page).locator("option").allTextContents()).toEqual(["العربية", "Deutsch", "English", "Español", "Français"]);

  await languageSwitch(page).selectOption("fr");
  await content(page).getByRole("link", { name: "S’inscrire", exact: true }).waitFor();
  await page.getByText("Une enquête participative").waitFor();
  expect(await html(page)).toEqual({ lang: "fr", dir: "ltr" });

  await page.reload();
  await content(page).getByRole("link", { name: "S’inscrire", exact: true }).waitFor();

  await content(page).getByRole("link", { name: "Connexion", exact: true }).click();
  await page.getByRole("heading", { name: "Connexion" }).waitFor();
  await page.getByLabel("Nom d’utilisateur ou e-mail").fill(fields.username);
  await page.getByLabel("Mot de passe").fill(fields.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL(/\/user$/);
  expect(await accountLanguage(page)).toBe("fr");
  expect(user.id).toBeGreaterThan(0);
  expect(problems).toEqual([]);
  await context.close();
});

test("a device that never chose takes the account's language at login", async () => {
  const { actor, fields } = await newParticipant(server.url);
  expect((await actor.put("/api/user/language", { language: "fr" })).status).toBe(200);
  const { page, context } = await openPage(browser, server.url, PHONE, { locale: "en-US" });
  await page.goto("/login");
  await page.getByLabel("Username or Email").fill(fields.username);
  await page.getByLabel("Password").fill(fields.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL(/\/user$/);
  await page.waitForFunction(() => document.documentElement.lang === "fr", undefined, { timeout: 10_000 });
  expect(await html(page)).toEqual({ lang: "fr", dir: "ltr" });
  await context.close();
});

test("Arabic mirrors the page: html dir=rtl, the bar and the landing laid out from the right", async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context, problems } = await openPage(browser, server.url, viewport, { locale: "ar" });
    await page.goto("/home");
    await content(page).getByRole("link", { name: "التسجيل", exact: true }).waitFor();
    expect(await html(page)).toEqual({ lang: "ar", dir: "rtl" });
    // The page's start is its right edge: the headline's text begins there.
    const heading = await page.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).direction);
    expect(heading).toBe("rtl");
    await shot(page, "landing-arabic");
    await expectNoSeriousA11yViolations(page, `landing in Arabic (${viewport.width}px)`);
    expect(problems).toEqual([]);
    await context.close();
  }
});

test("a language chosen in another tab while this one is still starting stays: the start's answer neither shows nor is remembered", async () => {
  // What it did: the starting tab showed Arabic at the storage event, then its own (older) English answer arrived and
  // replaced it, and was remembered — which switched the other tabs back to English too.
  const { page, context, problems } = await openPage(browser, server.url, PHONE, { locale: "en-US", serviceWorkers: "block" });
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(
    (url) => url.pathname === "/api/i18n" && url.search === "",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto("/home", { waitUntil: "domcontentloaded" });
  await showLanguage(page, "ar");
  const started = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/i18n");
  answer();
  await started;
  await content(page).getByRole("link", { name: "التسجيل", exact: true }).waitFor();
  // Past the start's idle moment, when it remembers its answer.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
  expect(await html(page)).toEqual({ lang: "ar", dir: "rtl" });
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("casefile:last-language") ?? "{}").language)).toBe("ar");
  expect(problems).toEqual([]);
  await context.close();
});
