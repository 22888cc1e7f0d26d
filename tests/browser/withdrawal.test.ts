/**
 * Issue 41 in the console, at 1280×800 and 390×844: a participant withdraws an item while the admin has it ticked in a
 * bulk selection, and the admin's publish leaves it private — the confirmation says so when the console already knows
 * (the live stream brought the withdrawal), the result says so always (the answer is the truth, even with the stream
 * cut); the row and the viewer mark it; publishing it on purpose goes through the override dialog; an admin withdraws
 * for a participant from the viewer; Make All Public counts only what it will change. Screenshots in /tmp/shots41.
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { adminActor, type Actor, fixture, form, newParticipant, type Participant } from "../support/client";
import { ADMIN, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { showLanguage } from "./tour/pseudo";
import arabic from "../../locales/ar.json";

setDefaultTimeout(240_000);

const SHOTS = "/tmp/shots41";
const MIRA = "Mira Anastasia Okonkwo-Featherstonehaugh de la Cruz";
let server: TestServer;
let browser: Browser;
let mira: Participant;
let quinn: Participant;
let admin: Actor;

serverAndBrowser((started) => ({ server, browser } = started), { QUOTA_UPLOADS_PER_HOUR: "1000" });

async function post(actor: Actor, title: string, file?: [string, string]) {
  const fields = { title, notes: "Seen from the footbridge over the canal, just after the lights went out at the lock keeper's house.", location: "Lock 7, Regent's Canal" };
  const response = await actor.post("/api/evidence", form(fields, file ? { file: await fixture(...file) } : {}));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

const item = async (id: number) =>
  ((await (await admin.get(`/api/evidence/admin?id=${id}`)).json()) as { id: number; is_public: boolean; withdrawn_at: string | null }[])[0]!;
const publicIds = async () => ((await (await admin.get("/api/evidence/public")).json()) as { id: number }[]).map((each) => each.id);

async function snap(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage });
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  mira = await newParticipant(server.url, { full_name: MIRA });
  quinn = await newParticipant(server.url, { full_name: "Quinn Harbourmaster" });
  admin = await adminActor(server.url);
  for (let index = 0; index < 36; index++)
    await post(index % 2 ? mira.actor : quinn.actor, `Canal report ${index}: a narrowboat moored without lights beside the old gasholders`);
});

async function openConsole(viewport: typeof LAPTOP) {
  const opened = await openPage(browser, server.url, viewport);
  opened.page.setDefaultTimeout(15_000);
  await opened.page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  return opened;
}

for (const [viewport, live] of [
  [LAPTOP, true],
  [PHONE, true],
  [PHONE, false],
] as const) {
  test(`${viewport.width}px: withdrawn while ticked, the bulk publish leaves it private and says so (${live ? "live" : "stream cut"})`, async () => {
    const round = `Round ${viewport.width}${live ? "" : " cut"}`;
    // The round without the stream keeps its screenshots apart from the live round's at the same width.
    const shotName = (name: string) => (live ? name : `${name}-stream-cut`);
    const titles = [
      `${round}: Mira's photo of the lock keeper's lantern left burning on the towpath`,
      `${round}: Quinn's note on the second narrowboat`,
      `${round}: Mira's note about the van with its engine running`,
      `${round}: Quinn's note on the footbridge railings`,
    ];
    const ids = [
      await post(mira.actor, titles[0]!, ["photo.jpg", "image/jpeg"]),
      await post(quinn.actor, titles[1]!),
      await post(mira.actor, titles[2]!),
      await post(quinn.actor, titles[3]!),
    ];
    const { page, problems, context } = await openConsole(viewport);
    // Without the live stream the console cannot learn of the withdrawal before the publish: only its answer tells.
    if (!live) await page.route("**/api/events**", (route) => route.abort());
    await page.goto(`/admin?q=${encodeURIComponent(round)}`);
    for (const title of titles) await page.getByRole("checkbox", { name: `Select ${title}` }).check();
    const bar = page.getByRole("region", { name: "Bulk actions" });
    await bar.getByText("4 selected").waitFor();

    // Mira withdraws her photo while the admin has it ticked.
    expect((await mira.actor.put(`/api/evidence/withdraw/${ids[0]}`)).status).toBe(200);
    // The row shows its mark in one place per size (under the title on a phone, beside the switch on a laptop).
    const mark = page.getByText(/^Withdrawn by the participant /).filter({ visible: true }).first();
    if (live) await mark.waitFor(); // the row says so as soon as the stream brings it

    await bar.getByRole("button", { name: "Publish", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Please confirm" });
    await confirm.getByText("Publish 4 selected items?").waitFor();
    const saysSo = confirm.getByText("1 of these was withdrawn by its participant and stays private.");
    if (live) {
      await saysSo.waitFor();
      await confirm.getByText("withdrawn", { exact: false }).first().waitFor();
      await snap(page, shotName("bulk-confirm"));
      await expectNoSeriousA11yViolations(page, "bulk publish confirmation with a withdrawn item");
    } else expect(await saysSo.count()).toBe(0);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("alert").filter({ hasText: "3 items made public" }).filter({ hasText: "1 of these was withdrawn by its participant and stays private." }).waitFor();
    await snap(page, shotName("bulk-result"));

    expect((await item(ids[0]!)).is_public).toBe(false);
    for (const id of ids.slice(1)) expect((await item(id)).is_public).toBe(true);
    expect(await publicIds()).not.toContain(ids[0]);
    // The row shows it, stream or not (the console reads the skipped item again).
    await mark.waitFor();
    await page.getByRole("switch", { name: `Public: ${titles[0]}` }).and(page.locator('[aria-checked="false"]')).waitFor();
    await snap(page, shotName("console-row-withdrawn"), true);
    // The grid's tile too.
    await page.getByRole("button", { name: "Grid" }).click();
    await page.getByRole("list", { name: "All evidence" }).getByText(/^Withdrawn by the participant /).waitFor();
    await snap(page, shotName("console-grid-withdrawn"), true);
    await page.getByRole("button", { name: "Grid" }).click(); // back to the table
    await page.getByRole("table", { name: "All evidence" }).waitFor();

    // The viewer marks it too; its switch asks for the override, naming Mira and the day.
    await page.getByRole("button", { name: titles[0], exact: true }).click();
    const viewer = page.getByRole("dialog", { name: "Evidence item" });
    await viewer.getByText(/^Withdrawn by the participant /).waitFor();
    expect(await viewer.getByRole("button", { name: "Withdraw for the participant" }).count()).toBe(0);
    await snap(page, shotName("viewer-withdrawn"));
    await expectNoSeriousA11yViolations(page, "viewer of a withdrawn item");
    await viewer.getByRole("switch", { name: `Public: ${titles[0]}` }).click();
    const override = page.getByRole("dialog", { name: "Publish a withdrawn item?" });
    await override.getByText(`${MIRA} withdrew “${titles[0]}” from the public archive on`).waitFor();
    await snap(page, shotName("override"));
    if (live) {
      await override.getByRole("button", { name: "Publish anyway" }).click();
      await override.waitFor({ state: "detached" });
      await viewer.getByRole("switch", { name: `Public: ${titles[0]}`, checked: true }).waitFor();
      expect(await viewer.getByText(/^Withdrawn by the participant /).count()).toBe(0);
      await snap(page, shotName("viewer-after-override"));
      expect((await item(ids[0]!)).is_public).toBe(true);
      expect(await publicIds()).toContain(ids[0]);
    } else {
      await override.getByRole("button", { name: "Cancel" }).click();
      await override.waitFor({ state: "detached" });
      expect((await item(ids[0]!)).is_public).toBe(false);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}

test("390px, stream cut: the switch of an item withdrawn meanwhile leads to the override dialog, not to a silent publish", async () => {
  const title = "Mira's sketch of the gasholder frames at dawn";
  const id = await post(mira.actor, title);
  const { page, problems, context } = await openConsole(PHONE);
  await page.route("**/api/events**", (route) => route.abort());
  await page.goto(`/admin?q=${encodeURIComponent("gasholder frames")}`);
  const toggle = page.getByRole("switch", { name: `Public: ${title}` });
  await toggle.waitFor();
  expect((await mira.actor.put(`/api/evidence/withdraw/${id}`)).status).toBe(200);
  await toggle.click(); // the console still shows it as an ordinary private item
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Confirm" }).click();
  const override = page.getByRole("dialog", { name: "Publish a withdrawn item?" });
  await override.getByText(`${MIRA} withdrew “${title}” from the public archive on`).waitFor();
  expect((await item(id)).is_public).toBe(false);
  // Right to left, in Arabic: the dialog in its own words, then the row's mark.
  await showLanguage(page, "ar");
  await page.getByRole("dialog", { name: arabic["console.override.title"] }).waitFor();
  await snap(page, "override-ar");
  await page.getByRole("dialog", { name: arabic["console.override.title"] }).getByRole("button", { name: arabic["common.cancel"] }).click();
  await page.getByText(/^سحبه المشارك في /).filter({ visible: true }).first().waitFor();
  await snap(page, "console-row-withdrawn-ar", true);
  await showLanguage(page, "en");
  await page.getByText(/^Withdrawn by the participant /).filter({ visible: true }).first().waitFor();
  expect((await item(id)).is_public).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

test("1280px: undoing an unpublish leaves an item withdrawn since then private, and says so", async () => {
  const title = "Mira's photo of the swing bridge left open";
  const id = await post(mira.actor, title, ["photo.jpg", "image/jpeg"]);
  expect((await admin.put("/api/evidence/bulk", { ids: [id], action: "publish" })).status).toBe(200);
  const { page, problems, context } = await openConsole(LAPTOP);
  await page.goto(`/admin?q=${encodeURIComponent("swing bridge")}`);
  await page.getByRole("switch", { name: `Public: ${title}`, checked: true }).click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("button", { name: "Undo" }).waitFor();
  expect((await mira.actor.put(`/api/evidence/withdraw/${id}`)).status).toBe(200);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.getByRole("alert").filter({ hasText: "1 of these was withdrawn by its participant and stays private." }).waitFor();
  expect((await item(id)).is_public).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

test("1280px: Withdraw for the participant in the viewer; the p key then asks for the override naming the admin who recorded it", async () => {
  const title = "Quinn's recording of the lock gates closing at night";
  const id = await post(quinn.actor, title, ["voice.mp3", "audio/mpeg"]);
  expect((await admin.put("/api/evidence/bulk", { ids: [id], action: "publish" })).status).toBe(200);
  const { page, problems, context } = await openConsole(LAPTOP);
  await page.goto(`/admin?id=${id}`);
  const viewer = page.getByRole("dialog", { name: "Evidence item" });
  await viewer.getByRole("button", { name: "Withdraw for the participant" }).click();
  const confirm = page.getByRole("dialog", { name: "Withdraw for the participant?" });
  await confirm.getByText(`This records that Quinn Harbourmaster withdrew “${title}” from the public archive`).waitFor();
  await snap(page, "withdraw-for-participant");
  await confirm.getByRole("button", { name: "Withdraw for the participant" }).click();
  await confirm.waitFor({ state: "detached" });
  await viewer.getByText(/^Withdrawn for the participant by admin, /).waitFor();
  const after = await item(id);
  expect(after.is_public).toBe(false);
  expect(after.withdrawn_at).not.toBeNull();
  expect(await publicIds()).not.toContain(id);

  await page.keyboard.press("p");
  const override = page.getByRole("dialog", { name: "Publish a withdrawn item?" });
  await override.getByText(/^admin recorded on .+ that Quinn Harbourmaster withdrew/).waitFor();
  await override.getByRole("button", { name: "Cancel" }).click();
  expect((await item(id)).is_public).toBe(false);
  expect(problems).toEqual([]);
  await context.close();
});

test("1280px: Make All Public counts only the items it changes and says how many withdrawn ones stay private", async () => {
  const withdrawnId = await post(mira.actor, "Mira's last note, withdrawn before the end");
  expect((await mira.actor.put(`/api/evidence/withdraw/${withdrawnId}`)).status).toBe(200);
  const counts = (await (await admin.get("/api/evidence/admin/counts")).json()) as { private: number; withdrawn: number };
  expect(counts.withdrawn).toBeGreaterThanOrEqual(2);
  const changing = counts.private - counts.withdrawn;
  const { page, problems, context } = await openConsole(LAPTOP);
  await page.goto("/admin");
  // "Withdrawn" is a state the counts show and the list filters on.
  await page.getByRole("button", { name: new RegExp(`^Withdrawn ${counts.withdrawn}$`) }).click();
  await page.waitForURL(/visibility=withdrawn/);
  await page.getByRole("button", { name: "Mira's last note, withdrawn before the end" }).waitFor();
  await page.waitForFunction((count) => document.querySelectorAll("table tbody tr").length === count, counts.withdrawn);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Make All Public" }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await confirm.getByText(`This makes ${changing} items public, whatever the filters show. ${counts.withdrawn} withdrawn items stay private: their participants withdrew them.`).waitFor();
  await snap(page, "make-all-public");
  await confirm.getByLabel(`Type ${changing} to confirm`).fill(String(changing));
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("alert").filter({ hasText: `${changing} items made public.` }).filter({ hasText: `${counts.withdrawn} withdrawn items stay private: their participants withdrew them.` }).waitFor();
  expect((await item(withdrawnId)).is_public).toBe(false);
  expect(await publicIds()).not.toContain(withdrawnId);
  expect(problems).toEqual([]);
  await context.close();
});

test("390px: a participant withdraws a public item from its dialog in My Evidence; it leaves the public archive at once", async () => {
  const id = await post(mira.actor, "Mira's photo of the lock gates, public until she changed her mind", ["photo.jpg", "image/jpeg"]);
  expect((await admin.put("/api/evidence/bulk", { ids: [id], action: "publish" })).status).toBe(200);
  expect(await publicIds()).toContain(id);
  const { page, problems, context } = await openPage(browser, server.url, PHONE);
  page.setDefaultTimeout(15_000);
  const login = await page.request.post("/api/user/login", { data: { usernameOrEmail: mira.fields.username, password: mira.fields.password } });
  expect((await page.request.put(`/api/user/watched/${((await login.json()) as { id: number }).id}`)).status()).toBe(200);
  await page.goto("/evidence");
  // The card shows the spec's 8-character title; its name says the whole one.
  await page.getByRole("button", { name: /Mira's photo of the lock gates, public until she changed her mind/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Withdraw from the archive" }).click();
  await page.getByRole("dialog", { name: "Withdraw from the archive?" }).getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("alert").filter({ hasText: "The item was withdrawn from the archive." }).waitFor();
  expect(await publicIds()).not.toContain(id);
  expect((await item(id)).withdrawn_at).not.toBeNull();
  expect(problems).toEqual([]);
  await context.close();
});
