/**
 * My Evidence when the language changes in place, and with titles written in another direction than the page's:
 * an item on its way is called in the language shown now (its card's accessible name comes from the catalog), and the
 * line above the list says how to decide about an item kept on the phone; the
 * filter's row of pills says there is more beyond its end when longer words arrive; titles and notes read in the
 * direction of their own letters (Arabic in an English page and English in an Arabic one), and so do the title and notes
 * being typed, in the upload form and the edit dialog, and a username typed into the login box. At 390×844 (the pills at 360) against the real server; the language is switched as another tab of the same phone would (tour/pseudo.ts).
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import type { Browser } from "playwright-core";
import arabic from "../../locales/ar.json";
import german from "../../locales/de.json";
import english from "../../locales/en.json";
import { newParticipant } from "../support/client";
import { type TestServer } from "../support/server";
import { type Catalog, sayIn } from "./catalogs";
import { LAPTOP, openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { signInWatched } from "./signIn";
import { showLanguage } from "./tour/pseudo";

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));

/** A participant's phone on My Evidence, with the screens' code loaded while online (no service worker). */
async function participantOnList(viewport = PHONE) {
  const { page, context, problems } = await openPage(browser, server.url, viewport, { serviceWorkers: "block" });
  page.setDefaultTimeout(15_000);
  const { fields } = await newParticipant(server.url);
  await signInWatched(page, fields.username, fields.password);
  await page.goto("/evidence-details");
  await page.getByLabel("Title").waitFor();
  await page.goto("/Evidence");
  await page.getByRole("heading", { name: "My Evidence" }).waitFor();
  return { page, context, problems };
}

/** A note written offline and then cancelled: its card stays in the list, paused, with Send again and Discard. */
async function pausedNote(page: Page, title: string) {
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Add evidence" }).click();
  await page.getByRole("button", { name: "Notes upload" }).click();
  await page.waitForURL(/\/evidence-details/);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Notes").fill("Written with no network.");
  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.waitForURL("**/Evidence");
  await page.locator('[data-testid="queue-row"][data-state="offline"]').waitFor();
  await page.getByTestId("queue-row-cancel").click();
  await page.locator('[data-testid="queue-row"][data-state="paused"]').waitFor();
  await page.context().setOffline(false);
}

test("an item on its way is called by its title, kind and state in the language shown, also after a switch", async () => {
  const { page, context, problems } = await participantOnList();
  await pausedNote(page, "Envelope under the bench");
  await page.getByRole("article", { name: "Envelope under the bench (Note, Paused)" }).waitFor();
  // The line above the list says what to do there: the card's own buttons decide (a tap on the line does nothing).
  expect(await page.getByTestId("upload-queue-summary").textContent()).toBe("1 item not sent: send it again or discard it below");

  for (const [code, catalog] of [["de", german], ["ar", arabic]] as const) {
    const say = sayIn(catalog as Catalog);
    await showLanguage(page, code);
    const name = say("upload.card_label", { title: "Envelope under the bench", kind: say("kind.note"), state: say("upload.state.paused") });
    const card = page.getByRole("article", { name, exact: true });
    // The card's own words follow too (the list keeps its queue cards as elements until the queue changes).
    await card.getByTestId("queue-row-state").getByText(say("upload.state.paused"), { exact: true }).waitFor();
    await card.getByRole("button", { name: say("upload.send_again"), exact: true }).waitFor();
  }
  expect(problems).toEqual([]);
  await context.close();
});

test("the filter's pills fade at the end again when a switch to longer words leaves more beyond the end", async () => {
  const { page, context, problems } = await participantOnList({ width: 360, height: 780 });
  expect((await page.request.post("/api/evidence", { multipart: { title: "Bridge", notes: "Seen at the bridge." } })).status()).toBe(201);
  await page.reload();
  // By role alone: its name changes with the language.
  const filters = page.getByRole("radiogroup");
  await filters.getByRole("radio", { name: "Audio" }).waitFor();
  // English is wider than a 360 px phone: the row fades at its end until it is scrolled there.
  expect(await filters.getAttribute("data-more")).not.toBeNull();
  await filters.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
  await page.waitForFunction(() => !document.querySelector("[role=radiogroup]")!.hasAttribute("data-more"));
  // German's pills are longer: the row's box is the same, but there is more beyond its end now.
  await showLanguage(page, "de");
  await filters.getByRole("radio", { name: german["kind.filter.notes"] }).waitFor();
  await page.waitForFunction(() => document.querySelector("[role=radiogroup]")!.hasAttribute("data-more"), undefined, { timeout: 5000 });
  expect(problems).toEqual([]);
  await context.close();
});

/** The left and right edges of the list's cards (queue cards too). */
function cardEdges(page: Page) {
  return page.locator('ul[aria-label] > li > :first-child').evaluateAll((cards) =>
    cards.map((card) => {
      const { left, right } = card.getBoundingClientRect();
      return { left, right };
    }),
  );
}

test("the add button covers no card: the list leaves its lane free at 390 px (on the left in Arabic), four cards a row at 1280", async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context, problems } = await participantOnList(viewport);
    for (const title of ["Bridge", "Harbour", "Ticket hall", "Night bus", "Market", "Stairwell"]) {
      expect((await page.request.post("/api/evidence", { multipart: { title, notes: `Seen at the ${title.toLowerCase()}.` } })).status()).toBe(201);
    }
    await page.reload();
    await page.getByText("6 items, newest first.").waitFor();
    await pausedNote(page, "Envelope under the bench");
    for (const [code, catalog] of viewport === PHONE ? ([["en", english], ["ar", arabic]] as const) : ([["en", english]] as const)) {
      if (code !== "en") await showLanguage(page, code);
      const box = (await page.getByRole("button", { name: catalog["evidence.add"], exact: true }).boundingBox())!;
      // Its 4 px ring is drawn outside its box.
      const button = { left: box.x - 4, right: box.x + box.width + 4 };
      const cards = await cardEdges(page);
      expect(cards).toHaveLength(7);
      // The button is fixed: a card clear of its column is clear of it wherever the list is scrolled.
      for (const card of cards) expect(code === "ar" ? card.left >= button.right : card.right <= button.left).toBe(true);
      if (viewport === LAPTOP) expect(new Set(cards.map((card) => Math.round(card.left))).size).toBe(4);
    }
    expect(problems).toEqual([]);
    await context.close();
  }
});

/** The direction each of an element's parts with dir="auto" (title, then notes) is shown in. */
const directions = (element: ReturnType<Page["getByRole"]>) =>
  element.locator('[dir="auto"]').evaluateAll((parts) => parts.map((part) => getComputedStyle(part).direction));

test("titles and notes take the direction of their own letters: Arabic in an English page, English in an Arabic one", async () => {
  const { page, context, problems } = await participantOnList();
  const items = [
    { title: "شاحنة رمادية بلا لوحات أمام الصيدلية", notes: "لاحظته أولاً حوالي الساعة 21:40 عندما ومضت أضواء الشارع." },
    { title: "Grey van outside the pharmacy", notes: "Seen at 21:40, when the street lights flickered." },
  ];
  for (const item of items) expect((await page.request.post("/api/evidence", { multipart: item })).status()).toBe(201);
  await page.reload();
  const card = (title: string) => page.getByRole("list").getByRole("button", { name: new RegExp(`^${title}`) });
  await card(items[0]!.title).waitFor();
  expect(await directions(card(items[0]!.title))).toEqual(["rtl", "rtl"]);
  expect(await directions(card(items[1]!.title))).toEqual(["ltr", "ltr"]);

  // The item's detail: its title and notes too.
  await card(items[0]!.title).click();
  const detail = page.getByRole("dialog");
  const direction = (locator: ReturnType<Page["getByText"]>) => locator.evaluate((element) => getComputedStyle(element).direction);
  expect(await direction(detail.getByRole("heading", { name: items[0]!.title }))).toBe("rtl");
  expect(await direction(detail.getByText(items[0]!.notes))).toBe("rtl");
  await page.keyboard.press("Escape");
  await detail.waitFor({ state: "detached" });

  await showLanguage(page, "ar");
  expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  expect(await directions(card(items[1]!.title))).toEqual(["ltr", "ltr"]);
  expect(await directions(card(items[0]!.title))).toEqual(["rtl", "rtl"]);
  expect(problems).toEqual([]);
  await context.close();
});

test("the title and notes being typed take the direction of their letters: Arabic typed in an English page's form and edit dialog", async () => {
  const { page, context, problems } = await participantOnList();
  const arabicTitle = "شاحنة رمادية بلا لوحات";
  const arabicNotes = "لاحظته أولاً حوالي الساعة 21:40.";
  const typedDirection = async (field: ReturnType<Page["getByLabel"]>, text: string) => {
    await field.fill(text);
    return field.evaluate((element) => getComputedStyle(element).direction);
  };

  // The upload form of a note.
  await page.getByRole("button", { name: "Add evidence" }).click();
  await page.getByRole("button", { name: "Notes upload" }).click();
  await page.waitForURL(/\/evidence-details/);
  expect(await typedDirection(page.getByLabel("Title"), arabicTitle)).toBe("rtl");
  expect(await typedDirection(page.getByLabel("Notes"), arabicNotes)).toBe("rtl");
  // English typed over it reads left to right again: the field follows what it holds, not the first thing typed.
  expect(await typedDirection(page.getByLabel("Title"), "Grey van")).toBe("ltr");
  await page.getByRole("button", { name: "Back" }).click();
  await page.waitForURL("**/Evidence");

  // The edit dialog of an item with an English title.
  expect((await page.request.post("/api/evidence", { multipart: { title: "Grey van", notes: "Seen at 21:40." } })).status()).toBe(201);
  await page.reload();
  await page.getByRole("list").getByRole("button", { name: /^Grey van/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Item" });
  expect(await typedDirection(dialog.getByLabel("Title"), arabicTitle)).toBe("rtl");
  expect(await typedDirection(dialog.getByLabel("Notes"), arabicNotes)).toBe("rtl");
  expect(problems).toEqual([]);
  await context.close();
});

test("the login box takes the direction of what is typed: an Arabic username reads right to left, an email left to right", async () => {
  const { page, context, problems } = await openPage(browser, server.url, PHONE, { serviceWorkers: "block" });
  await page.goto("/Evidence"); // a signed-in screen: the login form stands in for it
  const box = page.getByLabel("Username or email");
  await box.fill("ليلى_حداد");
  expect(await box.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
  await box.fill("layla@example.org");
  expect(await box.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
  expect(problems).toEqual([]);
  await context.close();
});
