/**
 * The desk during a live show (issue 15), at 1280×800 and 390×844: with the viewer open on one item and items
 * arriving every second through the API, the viewer keeps that item; r, p (after its confirmation naming the item)
 * and f change it and no other (checked through the API); an unsaved note survives arrivals and a reload; a second
 * admin's change to the same notes is shown beside ours, not overwritten; arrivals wait behind "N new — show"; the
 * audit log reads in sentences, filters and links both ways; at least 12 rows fit a laptop screen.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { Actor, adminActor, form, newParticipant } from "../support/client";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { LAPTOP, launchBrowser, openPage, PHONE } from "./browser";

setDefaultTimeout(120_000);

// Into the gitignored screenshots/ (docs/screenshots/issue-15/ holds the ones looked at for the issue).
const SHOTS = path.join(import.meta.dir, "../../screenshots/desk-live");
const SEEDED = 40;

type Item = { id: number; title: string; is_public: boolean; review_status: string; investigator_notes: string };

let server: TestServer;
let browser: Browser;
let admin: Actor;
let chief: Actor;
let witness: Awaited<ReturnType<typeof newParticipant>>;
let sent = 0;

async function post(title: string) {
  const response = await witness.actor.post("/api/evidence", form({ title, notes: "Seen from the harbour wall.", location: "Pier 4" }));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  return (await response.json()) as { id: number };
}

/** One item a second through the API while `during` runs (a busy show), then waits for the last one. */
async function arriving<T>(during: () => Promise<T>): Promise<T> {
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      await post(`LIVE ${++sent}: van outside the north gate, engine running`);
      await Bun.sleep(1000);
    }
  })();
  try {
    return await during();
  } finally {
    stop = true;
    await loop;
  }
}

const items = async () => (await (await admin.get("/api/evidence/admin")).json()) as Item[];
const stateOf = (item: Item) => `${item.review_status}/${item.is_public}/${item.investigator_notes}`;

beforeAll(async () => {
  server = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: "1000" });
  witness = await newParticipant(server.url, { full_name: "Grace Okonkwo-Vandermeer of the Harbour Watch" });
  for (let index = 1; index <= SEEDED; index++) await post(`Report ${index}: a boat without lights near the breakwater`);
  admin = await adminActor(server.url);
  const second = await newParticipant(server.url, { username: "chief" });
  await server.ctx.db.$client.execute({ sql: "update users set role = 2 where id = ?", args: [second.user.id] });
  chief = second.actor;
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(viewport: typeof LAPTOP, options: Parameters<typeof openPage>[3] = {}) {
  const opened = await openPage(browser, server.url, viewport, options);
  opened.page.setDefaultTimeout(15_000);
  await opened.page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  const me = (await (await opened.page.request.get("/api/user")).json()) as { id: number };
  await opened.page.request.put(`/api/user/watched/${me.id}`);
  return opened;
}

const table = (page: Page) => page.getByRole("table", { name: "All evidence" });
const viewerOf = (page: Page) => page.getByRole("dialog", { name: "Evidence item" });

/** The item the viewer shows, by the "#id" beside its kind. */
async function viewerShows(page: Page, item: Item) {
  const viewer = viewerOf(page);
  await viewer.getByRole("heading", { name: item.title }).waitFor();
  await viewer.getByText(`#${item.id}`, { exact: true }).waitFor();
}

async function liveTriage(viewport: typeof LAPTOP, key: string) {
  const phone = viewport === PHONE;
  const { page, problems, context } = await adminPage(viewport);
  await page.goto("/admin");
  await table(page).locator("tbody tr").nth(20).waitFor();
  const before = await items();
  const target = before[3]!; // the fourth newest: arrivals land above it
  await table(page).getByRole("button", { name: target.title }).click();
  await viewerShows(page, target);

  await arriving(async () => {
    const viewer = viewerOf(page);
    const firstArrival = sent + 1;
    while (sent < firstArrival + 9) {
      await Bun.sleep(500);
      await viewerShows(page, target);
    }
    if (key === "laptop") await page.screenshot({ path: path.join(SHOTS, `viewer-arrivals-${viewport.width}.png`) });
    await viewerShows(page, target);

    // r, p (through its confirmation naming the item) and f: on a laptop by key, on a phone by the triage bar.
    const bar = viewer.getByRole("toolbar", { name: "Quick triage" });
    if (phone) await bar.getByRole("button", { name: "Reviewed" }).click();
    else await page.keyboard.press("r");
    await viewer.getByRole("group", { name: "Review state" }).getByRole("button", { name: "Reviewed", pressed: true }).waitFor();
    if (phone) await bar.getByRole("switch", { name: "Public" }).click();
    else await page.keyboard.press("p");
    const confirm = page.getByRole("dialog", { name: "Please confirm" });
    await confirm.getByText(`Make "${target.title}" (#${target.id}) public?`).waitFor();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await confirm.waitFor({ state: "detached" });
    if (phone) await bar.getByRole("button", { name: "Flag" }).click();
    else await page.keyboard.press("f");
    await viewer.getByRole("group", { name: "Review state" }).getByRole("button", { name: "Flagged", pressed: true }).waitFor();
    await viewerShows(page, target);
    if (phone) await page.screenshot({ path: path.join(SHOTS, `viewer-arrivals-${viewport.width}.png`) });
  });

  const after = new Map((await items()).map((item) => [item.id, item]));
  expect(after.get(target.id)).toMatchObject({ review_status: "flagged", is_public: true });
  const changed = before.filter((item) => stateOf(item) !== stateOf(after.get(item.id)!)).map((item) => item.id);
  expect(changed).toEqual([target.id]);
  // Put it back for the next size's run (through the API, as another admin would).
  await admin.put("/api/evidence/bulk", { ids: [target.id], action: "unpublish" });
  await admin.put(`/api/evidence/review/${target.id}`, { status: "new" });

  // The arrivals waited behind the control; closing the viewer leaves them there until asked for.
  await viewerOf(page).getByRole("button", { name: "Close" }).click();
  const more = page.getByRole("button", { name: /^\d+ new — show$/ });
  await more.waitFor();
  expect(Number((await more.textContent())!.split(" ")[0])).toBeGreaterThanOrEqual(10);
  expect(await table(page).getByRole("button", { name: `LIVE ${sent}:`, exact: false }).count()).toBe(0);
  await page.screenshot({ path: path.join(SHOTS, `console-arrivals-${viewport.width}.png`) });
  await more.click();
  await table(page).getByRole("button", { name: new RegExp(`^LIVE ${sent}:`) }).waitFor();
  // The cursor stayed on the item it was on.
  expect(await table(page).locator('tbody tr[aria-current="true"]').getAttribute("data-id")).toBe(String(target.id));
  expect(problems).toEqual([]);
  await context.close();
}

test("laptop: the viewer keeps its item through ten arrivals; r, p and f change that item only", () => liveTriage(LAPTOP, "laptop"));

test("phone: the same through the viewer's triage bar", () => liveTriage(PHONE, "phone"));

test("laptop: at least 12 rows in view under the header; the grid of tiles instead", async () => {
  const { page, context } = await adminPage(LAPTOP);
  await page.goto("/admin");
  await table(page).locator("tbody tr").nth(30).waitFor();
  const inView = await page.evaluate(() =>
    [...document.querySelectorAll("table tbody tr")].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }).length,
  );
  await page.screenshot({ path: path.join(SHOTS, "console-1280.png") });
  expect(inView).toBeGreaterThanOrEqual(12);

  // A row's switch asks with the item's name; the undo names it too.
  const row = table(page).locator("tbody tr").nth(2);
  const title = (await row.getByRole("button").first().textContent())!;
  const id = Number(await row.getAttribute("data-id"));
  await row.getByRole("switch").click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByText(`Make "${title}" (#${id}) public?`).waitFor();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("alert").filter({ hasText: `#${id} made public.` }).waitFor();
  await page.keyboard.press("u");
  await page.getByRole("alert").filter({ hasText: `#${id} is private again.` }).waitFor();
  expect((await items()).find((item) => item.id === id)!.is_public).toBe(false);

  // The alternative: tiles with larger pictures, the same cursor (j moves it by one item).
  const first = await table(page).locator("tbody tr").first().getAttribute("data-id");
  await page.getByRole("button", { name: "Grid" }).click();
  const tiles = page.getByRole("list", { name: "All evidence" }).getByRole("listitem");
  await tiles.nth(10).waitFor();
  await tiles.nth(0).locator("p").click(); // the cursor on the first tile
  await page.keyboard.press("j");
  expect(await tiles.nth(1).getAttribute("aria-current")).toBe("true");
  expect(await tiles.nth(0).getAttribute("data-id")).toBe(first);
  await page.screenshot({ path: path.join(SHOTS, "console-grid-1280.png") });
  await context.close();
});

test("an unsaved note survives arrivals and a reload; a second admin's notes are shown beside it, not overwritten", async () => {
  const { page, problems, context } = await adminPage(LAPTOP);
  const target = (await items())[5]!;
  await page.goto(`/admin?id=${target.id}`); // where the audit log's links lead: the item, opened
  await viewerShows(page, target);
  const notes = viewerOf(page).getByLabel("Investigator notes (admins only)");
  const mine = "Same van as report 12: plate starts with K.";
  await notes.fill(mine);
  await arriving(async () => {
    const until = sent + 3;
    while (sent < until) await Bun.sleep(300);
  });
  expect(await notes.inputValue()).toBe(mine);
  await page.reload();
  await viewerShows(page, target);
  expect(await viewerOf(page).getByLabel("Investigator notes (admins only)").inputValue()).toBe(mine);

  // Meanwhile the other admin saves notes of their own on the same item.
  const theirs = "Chief: the van left at 21:40.";
  expect((await chief.put(`/api/evidence/notes/${target.id}`, { investigator_notes: theirs, previous: "" })).status).toBe(200);
  await viewerOf(page).getByRole("button", { name: "Save notes" }).click();
  const conflict = viewerOf(page).getByRole("alert").filter({ hasText: "Another admin changed these notes" });
  await conflict.getByText(theirs).waitFor();
  await conflict.getByText(mine).waitFor();
  expect((await items()).find((item) => item.id === target.id)!.investigator_notes).toBe(theirs);
  await conflict.getByRole("button", { name: "Save mine instead" }).click();
  await viewerOf(page).getByRole("status").filter({ hasText: "Investigator notes saved." }).waitFor();
  expect((await items()).find((item) => item.id === target.id)!.investigator_notes).toBe(mine);

  // An edit of the title is a draft too: after a reload the form comes back with it; Cancel drops it.
  await viewerOf(page).getByRole("button", { name: "Edit" }).click();
  await viewerOf(page).getByLabel("Title").fill(`${target.title} (plate K-)`);
  await page.reload();
  expect(await viewerOf(page).getByLabel("Title").inputValue()).toBe(`${target.title} (plate K-)`);
  await viewerOf(page).getByRole("button", { name: "Cancel" }).click();
  await viewerShows(page, target);
  expect(problems).toEqual([]);
  await context.close();
});

test("an item deleted elsewhere while open says so and stays until closed; the keys then act on nothing; errors show in the viewer", async () => {
  // Service workers blocked: page.route sees every request (the failing review below).
  const { page, problems, context } = await adminPage(LAPTOP, { serviceWorkers: "block" });
  const doomed = await post("Blurry photo sent twice by mistake");
  const item = (await items()).find((candidate) => candidate.id === doomed.id)!;
  await page.goto("/admin");
  await table(page).getByRole("button", { name: item.title }).click();
  await viewerShows(page, item);
  // An error raised while the viewer is open is shown in it, not under its backdrop. (Raised by the viewer's own
  // Reviewed button: the r key is the arrivals test's; here, under a loaded CI, an r pressed as the viewer settled
  // twice went unanswered, and this test is about where the error shows.)
  let refused = 0;
  await page.route("**/api/evidence/review/**", (route) => (refused++, route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"The server is busy"}' })));
  await viewerOf(page).getByRole("group", { name: "Review state" }).getByRole("button", { name: "Reviewed" }).click();
  await viewerOf(page).getByRole("alert").filter({ hasText: "Could not change the review state: The server is busy." }).waitFor();
  expect(refused).toBe(1);
  await page.unroute("**/api/evidence/review/**");
  expect((await witness.actor.delete(`/api/evidence/delete/${item.id}`)).status).toBe(200);
  await viewerOf(page).getByRole("alert").filter({ hasText: "deleted elsewhere" }).waitFor();
  await viewerShows(page, item);
  const reviewedBefore = (await (await admin.get("/api/evidence/admin/counts")).json()) as { reviewed: number };
  await page.keyboard.press("r");
  await Bun.sleep(300);
  expect(((await (await admin.get("/api/evidence/admin/counts")).json()) as { reviewed: number }).reviewed).toBe(reviewedBefore.reviewed);
  await viewerOf(page).getByRole("button", { name: "Close" }).click();
  await table(page).getByRole("button", { name: item.title }).waitFor({ state: "detached" });
  expect(problems).toEqual([]);
  await context.close();
});

test("what changes while the desk's stream is still connecting arrives once it connects", async () => {
  // The stream held until an item arrived and another was deleted: it starts after the list it goes with, not at the
  // newest change (what it did: an item deleted in that gap stayed on the desk, a private one could be published).
  const { page, problems, context } = await adminPage(LAPTOP, { serviceWorkers: "block" });
  const withdrawn = "Duplicate of the harbour photo, to be withdrawn";
  const victim = await post(withdrawn);
  let release!: () => void;
  const connecting = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/events*", async (route) => {
    await connecting;
    await route.continue();
  });
  await page.goto("/admin");
  await table(page).getByRole("button", { name: withdrawn }).waitFor();
  await page.getByText("Connecting").first().waitFor();
  const arrived = await post("Arrived while the desk was connecting: a second van");
  expect((await witness.actor.delete(`/api/evidence/delete/${victim.id}`)).status).toBe(200);
  release();
  await table(page).getByRole("button", { name: "Arrived while the desk was connecting: a second van" }).waitFor();
  await table(page).getByRole("button", { name: withdrawn }).waitFor({ state: "detached" });
  expect(await table(page).getByRole("button", { name: "Arrived while the desk was connecting: a second van" }).count()).toBe(1);
  expect(arrived.id).toBeGreaterThan(victim.id);
  expect(problems).toEqual([]);
  await context.close();
});

for (const viewport of [LAPTOP, PHONE]) {
  test(`audit log at ${viewport.width}: sentences, filters, a link to the item and from the viewer to its history`, async () => {
    const { page, problems, context } = await adminPage(viewport);
    const target = (await items())[7]!;
    await admin.put(`/api/evidence/review/${target.id}`, { status: "reviewed" });
    await chief.put("/api/evidence/bulk", { ids: [target.id], action: "publish" });
    await page.goto("/admin?view=audit");
    const entries = page.getByRole("list", { name: "Audit entries" });
    // Admin actions only by default: the participants' uploads are not in it.
    await entries.getByText(`chief published`).first().waitFor();
    expect(await entries.getByText(/ sent a note /).count()).toBe(0);
    if (viewport === PHONE) await page.getByRole("button", { name: "Filters" }).click(); // folded on a phone
    await arriving(async () => {
      await page.getByLabel("Who").selectOption("all");
      await entries.getByText(/ sent a note /).first().waitFor();
      const newest = sent;
      await entries.getByText(`LIVE ${newest}:`, { exact: false }).first().waitFor({ timeout: 5000 }); // live
      await page.screenshot({ path: path.join(SHOTS, `audit-arrivals-${viewport.width}.png`) });
    });
    await page.getByLabel("Who").selectOption("admins");
    await page.getByLabel("Action").selectOption("evidence.visibility");
    await page.waitForURL(/action=evidence.visibility/);
    const published = entries.getByRole("listitem").filter({ hasText: "chief published" }).first();
    await published.getByRole("link", { name: new RegExp(`\\(#${target.id}\\)$`) }).click();
    await viewerShows(page, target);
    await viewerOf(page).getByRole("button", { name: "History" }).click();
    await page.waitForURL(new RegExp(`item=${target.id}`));
    await entries.getByText("admin marked reviewed").waitFor();
    await entries.getByText("chief published").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
}
