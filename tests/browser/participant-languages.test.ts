/**
 * A phone set to French, and one set to Arabic, go through the show in their language with the shipped catalogs:
 * register with a selfie, watch the briefing, send a note and a photo, see them arrive, browse the archive. On every
 * screen no English sentence of the catalog is left visible, `<html lang dir>` match, and Arabic is mirrored (axe clean).
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import arabic from "../../locales/ar.json";
import french from "../../locales/fr.json";
import { adminActor } from "../support/client";
import { type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { type Catalog, expectInLanguage, type MessageId, sayIn } from "./catalogs";
import { openPage, PHONE, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";

setDefaultTimeout(240_000);

const FIXTURES = path.join(import.meta.dir, "../fixtures");

let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));

for (const [code, locale, catalog, dir] of [
  ["fr", "fr-FR", french as Catalog, "ltr"],
  ["ar", "ar", arabic as Catalog, "rtl"],
] as const) {
  test(`a phone in ${locale}: registers, watches the briefing, sends a note and a photo, browses the archive, all in its language`, async () => {
    const { context, page, problems } = await openPage(browser, server.url, PHONE, { locale });
    page.setDefaultTimeout(15_000);
    const say = sayIn(catalog);

    /** The screen in its language: lang and dir, no English sentence left, a screenshot, axe clean. */
    async function screen(name: string) {
      await expectInLanguage(page, catalog, code, dir);
      await shot(page, `languages-${code}-${name}`);
      await expectNoSeriousA11yViolations(page, `${name} in ${code}`);
    }

    const user = `${code}_informant_${Date.now().toString(36)}`;
    await page.goto("/");
    await page.getByRole("link", { name: say("landing.register") }).first().waitFor();
    await screen("landing");

    await page.goto("/registration");
    const fields: [MessageId, string][] = [
      ["form.full_name", code === "ar" ? "ليلى المخبرة" : "Rose Informatrice"],
      ["form.username", user],
      ["form.email", `${user}@example.org`],
      ["form.phone", "5551234567"],
      ["form.confirm_phone", "5551234567"],
      ["form.password", "bridge-secret"],
      ["form.confirm_password", "bridge-secret"],
    ];
    for (const [id, value] of fields) await page.getByLabel(say(id), { exact: true }).fill(value);
    await page.getByRole("checkbox", { name: new RegExp(say("privacy.consent_link")) }).check();
    await screen("registration");
    await page.getByRole("button", { name: say("registration.submit"), exact: true }).click();
    const photo = page.getByRole("dialog", { name: say("photo.title") });
    await photo.getByRole("button", { name: say("photo.take_selfie") }).click();
    await photo.getByRole("button", { name: say("photo.capture") }).click({ timeout: 20_000 });
    await photo.getByRole("img", { name: say("photo.preview_alt") }).waitFor();
    await photo.getByRole("button", { name: say("photo.submit") }).click();

    await page.waitForURL("**/user");
    const welcome = page.getByRole("dialog", { name: say("onboarding.welcome", { project: "Casefile Test" }) });
    await welcome.waitFor();
    await screen("briefing");
    await welcome.getByRole("button", { name: say("video.play") }).click();
    const acknowledgement = page.getByRole("dialog", { name: say("onboarding.ack_title") });
    await acknowledgement.waitFor({ timeout: 20_000 });
    await acknowledgement.getByRole("button", { name: say("onboarding.understand") }).click();
    await page.waitForURL("**/home-validate");
    await page.getByRole("heading", { name: say("show.instructions_title") }).waitFor();
    await screen("home");

    await page.goto("/Evidence");
    await page.getByRole("heading", { name: say("evidence.my_title") }).waitFor();
    await screen("evidence-empty");
    await page.getByRole("button", { name: say("evidence.add") }).click();
    await page.getByRole("button", { name: say("capture.notes_upload") }).click();
    await page.waitForURL(/\/evidence-details/);
    // The default title is the language's 'Supporting Evidence'.
    expect(await page.getByLabel(say("evidence.title")).inputValue()).toBe(say("upload.default_title"));
    await page.getByLabel(say("evidence.notes")).fill(code === "ar" ? "شاحنة رمادية دارت حول المبنى ثلاث مرات." : "Une camionnette grise a fait trois fois le tour du pâté de maisons.");
    await screen("details-note");
    await page.getByRole("button", { name: say("details.upload") }).click();
    await page.waitForURL("**/Evidence", { timeout: 20_000 });
    await page.locator('[data-testid="queue-row"][data-state="done"]').first().waitFor({ timeout: 20_000 });

    await page.getByRole("button", { name: say("evidence.add") }).click();
    await page.getByRole("button", { name: say("capture.camera_upload") }).click();
    await page.waitForURL("**/evidenceupload");
    await page.getByRole("heading", { name: say("capture.media_title") }).waitFor();
    await screen("capture");
    await page.getByLabel(new RegExp(say("capture.upload_file"))).setInputFiles(path.join(FIXTURES, "photo.jpg"));
    await page.waitForURL(/\/evidence-details/);
    await page.getByLabel(say("evidence.title")).fill(code === "ar" ? "صورة الجسر" : "Photo du pont");
    await page.getByRole("button", { name: say("details.upload") }).click();
    await page.waitForURL("**/Evidence", { timeout: 20_000 });
    await page.getByTestId("queue-row").getByText(say("upload.state.intact")).waitFor({ timeout: 20_000 });
    await screen("evidence-list");

    // The investigator publishes everything; the archive shows it in the phone's language.
    expect((await (await adminActor(server.url)).put("/api/evidence/makeAllPublic")).status).toBe(200);
    await page.goto("/archive");
    await page.getByText(say("archive.eyebrow")).first().waitFor();
    await page.getByRole("link", { name: new RegExp(`^${code === "ar" ? "صورة الجسر" : "Photo du pont"}`) }).first().click();
    await page.getByRole("button", { name: say("viewer.next") }).or(page.getByRole("link", { name: say("viewer.next") })).first().waitFor();
    await screen("archive-viewer");

    expect(problems).toEqual([]);
    await context.close();
  });
}
