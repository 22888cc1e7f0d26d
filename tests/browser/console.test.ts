/**
 * The investigator's console (issue 9) on a laptop (1280×800) and a phone (390×844), with hundreds of items and long
 * names: search and filters kept in the URL, selection and a bulk publish with the counted confirmation and undo,
 * keyboard triage through ten items, an item created through the API appearing live, the audit view, the export.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { adminActor, fixture, form, newParticipant } from "../support/client";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE } from "./browser";

setDefaultTimeout(180_000);

const LONG_NAME = "Maximiliana Anastasia Bartholomew-Featherstonehaugh de la Cruz";
const NOTES = 240;

let server: TestServer;
let browser: Browser;
let page: Page;
let problems: string[];
let witness: Awaited<ReturnType<typeof newParticipant>>;

async function post(actor: typeof witness.actor, fields: Record<string, string>, file?: [string, string]) {
  const response = await actor.post("/api/evidence", form(fields, file ? { file: await fixture(...file) } : {}));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

beforeAll(async () => {
  server = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: "1000" });
  witness = await newParticipant(server.url, { full_name: LONG_NAME });
  const other = await newParticipant(server.url, { full_name: "Quinn Harbourmaster" });
  for (let index = 0; index < NOTES; index++) {
    await post(index % 3 ? witness.actor : other.actor, {
      title: `Night watch report ${index}: a boat without lights drifting past the northern breakwater`,
      notes: "Engine cut out twice, two people on deck, one carrying a long case wrapped in tarpaulin.",
      location: "Pier 4, north side of the old ferry terminal",
    });
  }
  await post(witness.actor, { title: "Lighthouse keeper's photo of the harbour", notes: "North pier.", location: "Lighthouse" }, ["photo.jpg", "image/jpeg"]);
  await post(witness.actor, { title: "Harbour video from the crane", notes: "Engine noise." }, ["clip.mp4", "video/mp4"]);
  await post(other.actor, { title: "Radio chatter on channel 16", notes: "Voices." }, ["voice.mp3", "audio/mpeg"]);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, server.url, LAPTOP));
  page.setDefaultTimeout(15_000);
  await page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  const me = (await (await page.request.get("/api/user")).json()) as { id: number };
  await page.request.put(`/api/user/watched/${me.id}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const table = () => page.getByRole("table", { name: "All evidence" });
const rows = () => table().locator("tbody tr");
const alert = (text: string) => page.getByRole("alert").filter({ hasText: text }).first();

test("console: dense grid, search and filters in the URL survive a reload", async () => {
  await page.goto("/admin");
  await page.getByRole("heading", { name: "Administration" }).waitFor();
  await rows().nth(99).waitFor();
  await page.getByRole("button", { name: /^All \d+/ }).waitFor();
  expect(await page.getByRole("button", { name: /^All / }).textContent()).toContain(String(NOTES + 3));
  await page.getByRole("img", { name: `Face of ${LONG_NAME}` }).first().waitFor();
  await page.screenshot({ path: "/tmp/console-1280.png" });
  await expectNoSeriousA11yViolations(page, "console");

  await page.getByLabel("Search").fill("lighthouse");
  await page.waitForURL(/q=lighthouse/);
  await table().getByRole("button", { name: "Lighthouse keeper's photo of the harbour" }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
  await page.reload();
  expect(await page.getByLabel("Search").inputValue()).toBe("lighthouse");
  await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);

  await page.getByLabel("Search").fill("");
  await page.waitForURL((url) => !url.search.includes("q="));
  await page.getByLabel("Kind").selectOption("video");
  await page.waitForURL(/kind=video/);
  await table().getByRole("button", { name: "Harbour video from the crane" }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
  await page.goBack();
  await page.waitForURL((url) => !url.search.includes("kind="));
  await rows().nth(99).waitFor();
});

test("console: select three, bulk publish with the counted confirmation, then undo", async () => {
  for (const index of [0, 1, 2]) await rows().nth(index).getByRole("checkbox").check();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await bar.getByText("3 selected").waitFor();
  await bar.getByRole("button", { name: "Publish", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await confirm.getByText("Publish 3 selected items?").waitFor();
  // The question lists the items it will change, by title and #id.
  expect(await confirm.getByRole("list", { name: "Items" }).getByRole("listitem").count()).toBe(3);
  await page.screenshot({ path: "/tmp/console-bulk-1280.png" });
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await alert("3 items made public: ").waitFor();
  expect(await table().getByRole("switch", { checked: true }).count()).toBe(3);
  await page.getByRole("button", { name: "Undo" }).click();
  await alert("Undone: 3 items made private.").waitFor();
  expect(await table().getByRole("switch", { checked: true }).count()).toBe(0);
  const counts = (await (await page.request.get("/api/evidence/admin/counts")).json()) as { public: number };
  expect(counts.public).toBe(0);
});

test("console: keyboard triage through ten items in the viewer, help overlay", async () => {
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await help.getByText("Mark reviewed").waitFor();
  await page.screenshot({ path: "/tmp/console-help-1280.png" });
  await help.getByRole("button", { name: "Close" }).click();

  await rows().first().locator("td").nth(3).click(); // the cursor row: the first
  await page.keyboard.press("o");
  const viewer = page.getByRole("dialog", { name: "Evidence item" });
  await viewer.getByText("Item 1 of").waitFor();
  for (let step = 0; step < 10; step++) {
    await viewer.getByText(`Item ${step + 1} of`).waitFor();
    await page.keyboard.press("r");
    await viewer.getByRole("button", { name: "Reviewed", pressed: true }).waitFor();
    await page.keyboard.press("j");
  }
  await viewer.getByText("Item 11 of").waitFor();
  await page.keyboard.press("f");
  await viewer.getByRole("button", { name: "Flagged", pressed: true }).waitFor();
  await viewer.getByLabel("Investigator notes (admins only)").fill("Matches the tarpaulin case in report 12.");
  await viewer.getByRole("button", { name: "Save notes" }).click();
  await viewer.getByRole("status").filter({ hasText: "Investigator notes saved." }).waitFor();
  await page.screenshot({ path: "/tmp/console-viewer-1280.png" });
  await viewer.getByRole("button", { name: "Close" }).click();
  const counts = (await (await page.request.get("/api/evidence/admin/counts")).json()) as { reviewed: number; flagged: number };
  expect(counts).toMatchObject({ reviewed: 10, flagged: 1 });
  await page.getByRole("button", { name: /^Reviewed 10/ }).waitFor();
});

test("console: items created, edited and deleted by a participant show up live, without a reload", async () => {
  const live = { timeout: 4000 }; // the server delivers within 2 s; the rest is the browser's
  await page.evaluate(() => window.scrollTo(0, 0)); // at the top, with no viewer open, arrivals enter at once
  const { id } = await post(witness.actor, { title: "Live arrival from the night shift", notes: "Sent while the console was open." });
  await table().getByRole("button", { name: "Live arrival from the night shift" }).waitFor(live);
  const edited = await witness.actor.put(`/api/evidence/update/${id}`, form({ title: "Live arrival, corrected", notes: "Corrected." }));
  expect(edited.status).toBe(200);
  await table().getByRole("button", { name: "Live arrival, corrected" }).waitFor(live);
  expect((await witness.actor.delete(`/api/evidence/delete/${id}`)).status).toBe(200);
  await table().getByRole("button", { name: "Live arrival, corrected" }).waitFor({ ...live, state: "detached" });
});

test("console: audit view and export of the current view", async () => {
  await page.getByLabel("Kind").selectOption("image");
  await page.waitForURL(/kind=image/);
  const exportLink = page.getByRole("link", { name: "Export this view" });
  expect(await exportLink.getAttribute("href")).toBe("/api/export?kind=image");
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  const bytes = await Bun.file((await download.path())!).bytes();
  expect([...bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]); // PK: a zip

  await page.getByRole("button", { name: "Audit log" }).click();
  await page.getByRole("heading", { name: "Audit log" }).waitFor();
  // The viewer's reviews and notes of the keyboard test are in the log, with the admin's name.
  const auditList = page.getByRole("list", { name: "Audit entries" });
  await auditList.getByRole("listitem").filter({ hasText: "admin marked reviewed 'Night watch report" }).first().waitFor();
  await auditList.getByRole("listitem").filter({ hasText: "admin wrote investigator notes on" }).first().waitFor();
  await page.screenshot({ path: "/tmp/console-audit-1280.png" });
  await expectNoSeriousA11yViolations(page, "console-audit");
  await page.getByRole("button", { name: "Show Evidence" }).click();
  await table().waitFor();
});

test("console: participants with face, phone, items and last activity; timeline; delete states items and files", async () => {
  await page.getByRole("button", { name: "Show Users" }).click();
  const users = page.getByRole("table", { name: "Users" });
  const row = users.getByRole("row", { name: new RegExp(witness.fields.username) });
  await row.getByRole("img", { name: `Face of ${witness.fields.username}` }).waitFor();
  await row.getByRole("cell", { name: witness.fields.phone_number }).waitFor();
  await page.screenshot({ path: "/tmp/console-users-1280.png", fullPage: false });
  await users.getByRole("button", { name: `Delete ${witness.fields.username}` }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await confirm.getByText(/This deletes \d+ items and \d+ files/).waitFor();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await users.getByRole("button", { name: `Timeline of ${witness.fields.username}` }).click();
  await page.waitForURL(/user=\d+.*sort=oldest|sort=oldest.*user=\d+/);
  await table().getByRole("button", { name: /^Night watch report 1:/ }).waitFor();
  expect(problems).toEqual([]);
});

test("console on a phone: readable grid, filters and viewer", async () => {
  const phone = await openPage(browser, server.url, PHONE);
  phone.page.setDefaultTimeout(15_000);
  await phone.page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  await phone.page.goto("/admin");
  await phone.page.getByRole("table", { name: "All evidence" }).locator("tbody tr").nth(20).waitFor();
  await phone.page.screenshot({ path: "/tmp/console-390.png" });
  await expectNoSeriousA11yViolations(phone.page, "console-phone");
  await phone.page.getByRole("table", { name: "All evidence" }).getByRole("button", { name: "Lighthouse keeper's photo of the harbour" }).click();
  await phone.page.getByRole("dialog", { name: "Evidence item" }).getByRole("toolbar", { name: "Quick triage" }).waitFor();
  await phone.page.screenshot({ path: "/tmp/console-viewer-390.png" });
  expect(phone.problems).toEqual([]);
  await phone.context.close();
});
