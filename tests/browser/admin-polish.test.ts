/**
 * Issue 45's admin-side polish, with a 253-item show and long names: the desk's viewer counts only items shown, the
 * Public switches stand in one line whatever the review chip says, an audio tile's kind is not hidden under its
 * length, and a visibility change is said in one place (P4).
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { type Actor, fixture, form, newParticipant } from "../support/client";
import { seedPublicClones } from "../support/archive-seed";
import { ADMIN, type TestServer } from "../support/server";
import { LAPTOP, openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { signInWatched } from "./signIn";
import { showAdminView } from "./adminViews";
import { expectNoSeriousA11yViolations } from "./axe";

setDefaultTimeout(180_000);

const SHOTS = "/tmp/shots45c";
const LONG_NAME = "Marguerite Okonkwo-Delacroix de la Fontaine-Aubry";
let server: TestServer;
let browser: Browser;
serverAndBrowser((started) => ({ server, browser } = started), { QUOTA_UPLOADS_PER_HOUR: "1000" });

async function adminPage(viewport = LAPTOP, locale = "en-GB", to = "/admin"): Promise<Page> {
  const { page } = await openPage(browser, server.url, viewport, { locale });
  page.setDefaultTimeout(20_000);
  await signInWatched(page, ADMIN.username, ADMIN.password);
  expect((await page.request.put("/api/user/language", { data: { language: locale.slice(0, 2) } })).status()).toBe(200);
  await page.goto(to);
  return page;
}

async function snap(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png` });
}

async function post(actor: Actor, fields: Record<string, string>, file?: [string, string]): Promise<number> {
  const response = await actor.post("/api/evidence", form(fields, file ? { file: await fixture(...file) } : {}));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

let witness: Actor;
let seeded = false;
/** 250 cloned items, a photo, a note and a recording on top (the newest), three review states among the rows. */
async function seedShow() {
  if (seeded) return;
  seeded = true;
  ({ actor: witness } = await newParticipant(server.url, { full_name: LONG_NAME }));
  const photo = await post(witness, { title: "Lighthouse keeper's photo of the harbour at dusk", notes: "North pier." }, ["photo.jpg", "image/jpeg"]);
  const note = await post(witness, { title: "A boat without lights drifting past the northern breakwater", notes: "Two people on deck." });
  const oldest = await seedPublicClones(server, 250, [photo, note]);
  const admin = await openPage(browser, server.url, LAPTOP);
  await admin.page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  await post(witness, { title: "Overheard call on the night bus", notes: "Two voices; one says 'the bridge'." }, ["voice.m4a", "audio/mp4"]);
  // Among the first rows: 'Archive item 250' flagged, 249 reviewed, 248 flagged, the rest new.
  for (const [id, status] of [[oldest + 249, "flagged"], [oldest + 248, "reviewed"], [oldest + 247, "flagged"], [photo, "reviewed"]] as const) {
    expect((await admin.page.request.put(`/api/evidence/review/${id}`, { data: { status } })).status()).toBe(200);
  }
  await admin.context.close();
}

const table = (page: Page) => page.getByRole("table", { name: "All evidence" });

test("P4: switches in one line beside chips of every width; an audio tile reads its whole kind", async () => {
  await seedShow();
  for (const [viewport, locale] of [[LAPTOP, "en-GB"], [PHONE, "en-GB"], [PHONE, "ar"]] as const) {
    const page = await adminPage(viewport, locale);
    await page.locator("table tbody tr").nth(20).waitFor();
    const switches = await page.evaluate(() => [...document.querySelectorAll("table tbody tr [role=switch]")].slice(0, 12).map((s) => Math.round(s.getBoundingClientRect().left)));
    expect(new Set(switches).size).toBe(1);
    // The recording (the newest row) has no picture: its kind and its length are both whole and apart.
    const tile = await page.evaluate(() => {
      const frame = document.querySelector("table tbody tr td:nth-child(2) span")!;
      const [kind, length] = [...frame.children].map((child) => child.getBoundingClientRect());
      const box = frame.getBoundingClientRect();
      const inside = (r: DOMRect) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      return { text: frame.textContent, kindInside: inside(kind!), lengthInside: inside(length!), apart: kind!.bottom <= length!.top + 0.5 };
    });
    expect(tile).toEqual({ text: expect.stringMatching(locale === "ar" ? /^صوت0:0\d$/ : /^Audio0:0\d$/), kindInside: true, lengthInside: true, apart: true });
    await snap(page, `console-${locale}`);
    await page.context().close();
  }
});

test("P4: the viewer counts the items shown, not arrivals waiting behind 'N new'", async () => {
  await seedShow();
  const page = await adminPage();
  await page.getByRole("button", { name: /^All 253/ }).waitFor();
  await table(page).getByRole("button", { name: "Overheard call on the night bus" }).click();
  const viewer = page.getByRole("dialog");
  await viewer.getByText("Item 1 of 253").waitFor();
  // An arrival while the viewer is open waits behind "1 new": the counts know it, the viewer's steps do not.
  await post(witness, { title: "A late note from the ticket office", notes: "Arrived while the admin was reading." });
  // Behind the open viewer (hidden from the accessibility tree meanwhile): the arrival waits, the counts include it.
  await page.locator("button", { hasText: "1 new — show" }).first().waitFor({ state: "attached" });
  // A review counts again (so the counts surely hold the arrival, whenever the live recount ran).
  await viewer.getByRole("group", { name: "Review state" }).getByRole("button", { name: "Reviewed" }).click();
  await viewer.getByRole("group", { name: "Review state" }).getByRole("button", { name: "Reviewed", pressed: true }).waitFor();
  await page.locator("button", { hasText: /^All\s*254$/ }).waitFor({ state: "attached" });
  await viewer.getByText("Item 1 of 253").waitFor();
  await viewer.getByRole("button", { name: "Next" }).click();
  await viewer.getByText("Item 2 of 253").waitFor();
  await snap(page, "viewer");
  await page.context().close();
});

test("P4: a visibility change is said once — the notice, then the strip once the notice is gone", async () => {
  await seedShow();
  const page = await adminPage();
  const row = table(page).locator("tbody tr").filter({ hasText: "Overheard call on the night bus" });
  await row.getByRole("switch").click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Confirm" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "made public." });
  await notice.waitFor();
  await page.getByRole("button", { name: "Undo" }).waitFor();
  expect(await page.getByText(/^Last change:/).count()).toBe(0);
  // The Undo waits among the desk's tools meanwhile.
  await snap(page, "last-change-notice");
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await page.getByText(/^Last change: .*made public\.$/).waitFor();
  await snap(page, "last-change-strip");
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("alert").filter({ hasText: "private again" }).waitFor();
  await page.context().close();
});

/** The part of `locator`'s box inside the viewport, in px of height (0: off screen). */
const heightOnScreen = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const box = document.querySelector(css)!.getBoundingClientRect();
    return Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
  }, selector);

test("P5: on a phone the save bar leads to the preview and back; the unsaved count counts each change, not each section", async () => {
  for (const locale of ["en-GB", "ar"]) {
    const page = await adminPage(PHONE, locale, "/admin/show");
    const english = locale === "en-GB";
    await page.getByRole("heading", { level: 1, name: english ? "The show" : "العرض" }).waitFor();
    if (english) {
      // One step edited and one added: two changes in one section.
      await page.getByLabel("Step 2", { exact: true }).fill("Meet at the old pier and wait for the call from the ticket office.");
      await page.getByRole("button", { name: "Add a step" }).click();
      await page.getByLabel("Step 4", { exact: true }).fill("Keep your phone charged: the call may come late in the evening.");
      await page.getByText("2 unsaved changes").waitFor();
    }
    await page.getByRole("button", { name: english ? "Save changes" : "حفظ التغييرات" }).waitFor();
    const before = await page.evaluate(() => window.scrollY);
    // From the top (the page's own button) or from the fields (the save bar's): one is in view wherever the admin is.
    const inView = [];
    for (const button of await page.getByRole("button", { name: english ? "Preview" : "معاينة", exact: true }).all()) {
      if (await button.evaluate((b) => b.getBoundingClientRect().top >= 0 && b.getBoundingClientRect().bottom <= window.innerHeight)) inView.push(button);
    }
    expect(inView.length).toBeGreaterThan(0);
    const toPreview = inView[0]!;
    expect(await heightOnScreen(page, "#show-preview")).toBe(0);
    await snap(page, `show-fields-${locale}`);
    await toPreview.click();
    await page.waitForFunction(() => document.getElementById("show-preview")!.getBoundingClientRect().top < 120);
    expect(await heightOnScreen(page, "#show-preview iframe")).toBeGreaterThan(400);
    await snap(page, `show-preview-${locale}`);
    if (english) await expectNoSeriousA11yViolations(page, "Show screen at its preview (390px)");
    await page.getByRole("button", { name: english ? "Back to the fields" : "العودة إلى الحقول" }).click();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, before);
    await page.context().close();
  }
  const laptop = await adminPage(LAPTOP, "en-GB", "/admin/show");
  await laptop.getByRole("heading", { level: 1, name: "The show" }).waitFor();
  // Beside the fields, the preview needs no button.
  expect(await laptop.getByRole("button", { name: "Back to the fields" }).isVisible()).toBe(false);
  await snap(laptop, "show");
  await laptop.context().close();
});

const FIRST = ["Amal", "José", "Zoë", "Marguerite", "Oluwaseun", "Anastasia", "Kwame", "Ingrid", "Thi Minh", "Rafael", "Siobhán", "Hiroshi", "Fatima", "Bartholomew", "Leilani"];
const LAST = ["Haddad", "Okonkwo-Delacroix", "Ångström", "Featherstonehaugh", "Nguyễn", "García Márquez", "Adeyemi", "Van der Berg", "O'Sullivan", "Takahashi"];
/** 300 participants (150 distinct names, each twice), straight into libSQL: registering them one by one hashes 300 passwords. */
let peopleSeeded = false;
async function seedPeople() {
  if (peopleSeeded) return;
  peopleSeeded = true;
  const rows = Array.from({ length: 300 }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
    return [`listener${i}`, name, `listener${i}@example.org`];
  });
  await server.ctx.db.$client.execute({
    sql: `INSERT INTO users (username, username_key, full_name, email, email_key, phone_number, password_hash, created_at)
          VALUES ${rows.map(() => "(?, ?, ?, ?, ?, '', 'x', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))").join(", ")}`,
    args: rows.flatMap(([username, name, email]) => [username!, username!, name!, email!, email!]),
  });
}

test("P7: the users table is searched by name, username or e-mail and sorted by its columns from the keyboard", async () => {
  await seedShow();
  await seedPeople();
  const page = await adminPage();
  await showAdminView(page, "users");
  const users = page.getByRole("table", { name: "Users" });
  await users.locator("tbody tr").nth(300).waitFor();
  const search = page.getByLabel("Search participants");
  await search.fill("okonkwo");
  // Fifteen first names × 'Okonkwo-Delacroix', twice each, and the witness.
  await page.getByRole("status").filter({ hasText: /^31 of 30\d participants$/ }).waitFor();
  expect(await users.locator("tbody tr").count()).toBe(31);
  await search.fill("jose listener1@");
  await page.getByText(/^\d+ of 30\d participants$/).waitFor();
  expect(await users.locator("tbody tr").allTextContents()).toEqual([expect.stringContaining("listener1@example.org")]);
  await search.fill("");
  // Sorted by items from the keyboard: ascending, then descending (the witness, with every item, first).
  const items = users.getByRole("columnheader", { name: "Items" });
  await items.getByRole("button").focus();
  await page.keyboard.press("Enter");
  expect(await items.getAttribute("aria-sort")).toBe("ascending");
  await page.keyboard.press("Enter");
  expect(await items.getAttribute("aria-sort")).toBe("descending");
  await users.locator("tbody tr").first().filter({ hasText: LONG_NAME }).waitFor();
  expect(await users.getByRole("columnheader", { name: "ID", exact: true }).getAttribute("aria-sort")).toBe("none");
  await snap(page, "users");
  await expectNoSeriousA11yViolations(page, "Users, searched and sorted (1280px)");
  await page.context().close();

  for (const locale of ["en-GB", "ar"]) {
    const phone = await adminPage(PHONE, locale);
    await phone.getByLabel(locale === "ar" ? "القسم" : "Section").selectOption("users");
    await phone.locator("table tbody tr").nth(300).waitFor();
    await phone.locator('input[type="search"]').last().fill(locale === "ar" ? "Haddad" : "okonkwo");
    await phone.locator("table tbody tr").nth(10).waitFor();
    await snap(phone, `users-${locale}`);
    await phone.context().close();
  }
});

test("P7: the console's participant filter is a combobox searched as you type, among 300 participants", async () => {
  await seedShow();
  await seedPeople();
  const page = await adminPage();
  await page.getByRole("button", { name: /^All 25\d/ }).waitFor();
  const picker = page.getByRole("combobox", { name: "Participant" });
  await picker.click();
  const listbox = page.getByRole("listbox");
  // Not every name at once: the first matches and how many more.
  await listbox.getByText(/^\d+ more: type to narrow$/).waitFor();
  expect(await listbox.getByRole("option").count()).toBeLessThanOrEqual(51);
  await picker.fill("delacroix fontaine");
  await listbox.getByRole("option", { name: new RegExp(LONG_NAME) }).waitFor();
  expect(await listbox.getByRole("option").count()).toBe(1);
  await snap(page, "participant-picker");
  await expectNoSeriousA11yViolations(page, "console with the participant combobox open (1280px)");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.waitForURL(/user=\d+/);
  expect(await picker.inputValue()).toBe(LONG_NAME);
  await page.getByRole("table", { name: "All evidence" }).getByRole("button", { name: "Overheard call on the night bus" }).waitFor();
  await picker.fill("no such person at all");
  await listbox.getByText("No participant matches.").waitFor();
  await page.keyboard.press("Escape");
  await page.context().close();

  const phone = await adminPage(PHONE, "ar");
  await phone.locator("table tbody tr").nth(5).waitFor();
  await phone.getByRole("button", { name: /^المرشحات/ }).click();
  const arabicPicker = phone.getByRole("combobox", { name: "المشارك" });
  await arabicPicker.click();
  await arabicPicker.fill("Haddad");
  await phone.getByRole("listbox").getByRole("option").first().waitFor();
  await snap(phone, "participant-picker-ar");
  await phone.context().close();
});
