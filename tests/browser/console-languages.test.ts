/**
 * An admin whose laptop is set to German triages in the console while a participant keeps sending: publishes one
 * item through its switch (the question names it in German), sees a new item arrive, marks two reviewed in bulk, and
 * reads the audit log in German sentences; every step checked against the server, not the screen alone. Then the
 * console on a phone in French and in Arabic (mirrored, axe clean), screenshotted.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import arabic from "../../locales/ar.json";
import french from "../../locales/fr.json";
import german from "../../locales/de.json";
import { adminActor, form, newParticipant } from "../support/client";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE, shot } from "./browser";
import { type Catalog, expectInLanguage, sayIn } from "./catalogs";

setDefaultTimeout(180_000);

type ConsoleItem = { id: number; title: string; is_public: boolean; review_status: string };

let server: TestServer;
let browser: Browser;
let witness: Awaited<ReturnType<typeof newParticipant>>;

async function send(title: string) {
  const response = await witness.actor.post("/api/evidence", form({ title, notes: "Gesehen vom Fenster der Bäckerei aus.", location: "Kottbusser Tor" }));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

async function serverItems(): Promise<ConsoleItem[]> {
  return (await (await (await adminActor(server.url)).get("/api/evidence/admin?limit=100")).json()) as ConsoleItem[];
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  witness = await newParticipant(server.url, { full_name: "Friederike Schwarzenbach-Oberhollenzer" });
  for (let index = 1; index <= 6; index++) await send(`Lieferwagen ohne Kennzeichen vor der Apotheke, Beobachtung ${index}`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The admin's laptop or phone in a locale; the account speaks its language too (it follows the admin between devices). */
async function adminPage(locale: string, viewport = LAPTOP) {
  const opened = await openPage(browser, server.url, viewport, { locale });
  opened.page.setDefaultTimeout(15_000);
  await opened.page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  const me = (await (await opened.page.request.get("/api/user")).json()) as { id: number };
  await opened.page.request.put(`/api/user/watched/${me.id}`);
  expect((await opened.page.request.put("/api/user/language", { data: { language: locale.slice(0, 2) } })).status()).toBe(200);
  return opened;
}

test("an admin in German triages in the console while items arrive: publish, arrival, bulk review, the audit log", async () => {
  const { context, page, problems } = await adminPage("de-DE");
  const say = sayIn(german as Catalog);
  await page.goto("/admin");
  await page.getByRole("heading", { name: say("console.administration") }).waitFor();
  const table = page.getByRole("table", { name: say("console.all_evidence") });
  const first = `Lieferwagen ohne Kennzeichen vor der Apotheke, Beobachtung 1`;
  await table.getByRole("button", { name: first }).waitFor();
  await expectInLanguage(page, german as Catalog, "de", "ltr");
  await shot(page, "languages-de-console");

  // Publish one item through its switch: the question names it, in German.
  const [target] = (await serverItems()).filter((item) => item.title === first);
  await table.getByRole("switch", { name: say("console.public_switch", { title: first }) }).click();
  const confirm = page.getByRole("dialog", { name: say("confirm.title") });
  await confirm.getByText(say("console.make_public_question", { title: first, id: target!.id })).waitFor();
  await confirm.getByRole("button", { name: say("confirm.confirm") }).click();
  await table.getByRole("switch", { name: say("console.public_switch", { title: first }), checked: true }).waitFor();
  expect((await serverItems()).filter((item) => item.is_public).map((item) => item.id)).toEqual([target!.id]);

  // A participant sends while the admin works: the item arrives in the open console.
  await page.evaluate(() => window.scrollTo(0, 0));
  await send("Neues Beweisstück: Licht im geschlossenen Hafenbüro");
  await table.getByRole("button", { name: "Neues Beweisstück: Licht im geschlossenen Hafenbüro" }).waitFor({ timeout: 20_000 });

  // Two items marked reviewed at once, after a German question with the plural.
  const rows = table.getByRole("row").filter({ has: page.getByRole("checkbox") });
  for (const index of [1, 2]) await rows.nth(index).getByRole("checkbox").check();
  const bar = page.getByRole("region", { name: say("console.bulk.label") });
  await bar.getByText("2 ausgewählt").waitFor();
  await bar.getByRole("button", { name: say("console.bulk.reviewed"), exact: true }).click();
  await confirm.getByText("2 ausgewählte Einträge als gesichtet markieren?").waitFor();
  await confirm.getByRole("button", { name: say("confirm.confirm") }).click();
  await page.getByText(/^2 Einträge als gesichtet markiert/).first().waitFor();
  expect((await serverItems()).filter((item) => item.review_status === "reviewed")).toHaveLength(2);

  // The audit log tells it in German sentences.
  await page.getByRole("button", { name: say("console.audit.title") }).click();
  const entries = page.getByRole("list", { name: say("console.audit.entries") });
  await entries.getByRole("listitem").filter({ hasText: new RegExp(`admin hat „Lieferwagen[^“]*“ \\(#${target!.id}\\) veröffentlicht`) }).first().waitFor();
  await entries.getByRole("listitem").filter({ hasText: "als gesichtet markiert" }).first().waitFor();
  await entries.getByRole("listitem").filter({ hasText: "Die Kommandozeile hat das Konto admin angelegt" }).waitFor();
  await expectInLanguage(page, german as Catalog, "de", "ltr");
  await shot(page, "languages-de-console-audit");
  await expectNoSeriousA11yViolations(page, "console audit in German");
  expect(problems).toEqual([]);
  await context.close();
});

for (const [code, locale, catalog, dir] of [
  ["fr", "fr-FR", french as Catalog, "ltr"],
  ["ar", "ar", arabic as Catalog, "rtl"],
] as const) {
  test(`the console on a phone in ${locale}: in its language${dir === "rtl" ? ", mirrored" : ""}, axe clean`, async () => {
    const { context, page, problems } = await adminPage(locale, PHONE);
    const say = sayIn(catalog);
    await page.goto("/admin");
    await page.getByText("Lieferwagen ohne Kennzeichen vor der Apotheke, Beobachtung 2").first().waitFor();
    await expectInLanguage(page, catalog, code, dir);
    await shot(page, `languages-${code}-console`);
    await expectNoSeriousA11yViolations(page, `console in ${code}`);
    expect(problems).toEqual([]);
    await context.close();
  });
}
