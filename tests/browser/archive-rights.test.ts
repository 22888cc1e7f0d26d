/**
 * Issue 41: participants' rights outlive the show, at 390×844 and 1280×800. In archive mode a participant logs in
 * (the login screen says why in one line), lands on their profile — details without Edit, no briefing, My data — and
 * downloads their ZIP, withdraws a public item (it leaves the public archive at once), and can add or edit nothing.
 * An admin serves the same rights from the participant's dialog: Download data, Withdraw for the participant, Delete
 * account with the confirmation that says what goes, each audited. Screenshots in /tmp/shots41.
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import type { Browser, Download, Page } from "playwright-core";
import { Actor, type Participant, fixture, form, newParticipant } from "../support/client";
import { ADMIN, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { showAdminView } from "./adminViews";

setDefaultTimeout(240_000);

const SHOTS = "/tmp/shots41";
let server: TestServer;
let browser: Browser;
const visitor = () => new Actor(server.url);

serverAndBrowser((started) => ({ server, browser } = started));

type Seeded = { person: Participant; items: { id: number; title: string; public: boolean }[] };

/** A participant with a public photo, a public note and a private note, sent while the show ran. */
async function participantWithItems(fullName: string, tag: string): Promise<Seeded> {
  const person = await newParticipant(server.url, { full_name: fullName });
  const admin = new Actor(server.url);
  await admin.login(ADMIN.username, ADMIN.password);
  const items: Seeded["items"] = [];
  for (const [title, isPublic, file] of [
    [`${tag}: the harbour master's launch leaving without lights, photographed from the sea wall`, true, ["photo.jpg", "image/jpeg"]],
    [`${tag}: what the night porter said about the crates in the customs shed`, true, undefined],
    [`${tag}: my own notes, not for anyone else`, false, undefined],
  ] as const) {
    const response = await person.actor.post("/api/evidence", form({ title, notes: "Written on the night." }, file ? { file: await fixture(...file) } : {}));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    if (isPublic) expect((await admin.put("/api/evidence/bulk", { ids: [id], action: "publish" })).status).toBe(200);
    items.push({ id, title, public: isPublic });
  }
  return { person, items };
}

const publicIds = async () => ((await (await visitor().get("/api/evidence/public")).json()) as { id: number }[]).map((each) => each.id);

async function snap(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage });
}

async function expectZip(download: Download) {
  const bytes = await Bun.file((await download.path())!).bytes();
  expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
}

const seeded = new Map<number, { own: Seeded; forAdmin: Seeded }>();

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  for (const viewport of [PHONE, LAPTOP])
    seeded.set(viewport.width, {
      own: await participantWithItems(`Mira Anastasia Okonkwo-Featherstonehaugh ${viewport.width}`, `Mira ${viewport.width}`),
      forAdmin: await participantWithItems(`Theodora Wilhelmina Vasquez-Montgomery ${viewport.width}`, `Theodora ${viewport.width}`),
    });
  // The show ends: the server reads ARCHIVE_MODE per request from its configuration, as after a restart with it on.
  (server.ctx.config as { archiveMode: boolean }).archiveMode = true;
  expect(await (await visitor().get("/api/evidence/isArchive")).json()).toBe(true);
});

for (const viewport of [PHONE, LAPTOP]) {
  test(`${viewport.width}px: in archive mode a participant logs in to their profile, downloads their data, withdraws a public item and can add or edit nothing`, async () => {
    const { person, items } = seeded.get(viewport.width)!.own;
    const { page, problems, context } = await openPage(browser, server.url, viewport);
    page.setDefaultTimeout(15_000);
    await page.goto("/login");
    await page.getByText("The investigation has closed. You can still log in to download your data, withdraw your items from the archive or delete your account.").waitFor();
    await snap(page, "archive-login");
    await expectNoSeriousA11yViolations(page, "login in archive mode");
    await page.getByLabel("Username or Email").fill(person.fields.username);
    await page.getByLabel("Password", { exact: true }).fill(person.fields.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL("**/user");

    // Details without Edit, no briefing (the video was never watched), My data and the items.
    await page.getByRole("heading", { name: "My data" }).waitFor();
    expect(await page.getByRole("button", { name: "Edit Profile" }).count()).toBe(0);
    expect(await page.getByLabel("Onboarding video").count()).toBe(0);
    expect(await page.getByRole("dialog").count()).toBe(0); // no re-consent, no video gate
    const nav = page.getByRole("navigation", { name: viewport === PHONE ? "Tabs" : "Main" });
    await nav.getByRole("link", { name: "Your profile" }).first().waitFor(); // the wide bar has the avatar's link too
    await nav.getByRole("link", { name: "Archive" }).waitFor();
    expect(await nav.getByRole("link", { name: "Evidence", exact: true }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Home", exact: true }).count()).toBe(0);
    const list = page.getByRole("list", { name: "My items" });
    for (const item of items) await list.getByText(item.title).waitFor();
    expect(await list.getByRole("button", { name: "Withdraw from the archive" }).count()).toBe(2);
    await snap(page, "archive-profile", true);
    await expectNoSeriousA11yViolations(page, "profile in archive mode");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    await expectZip(download);

    const photo = items[0]!;
    expect(await publicIds()).toContain(photo.id);
    await list.getByRole("listitem").filter({ hasText: photo.title }).getByRole("button", { name: "Withdraw from the archive" }).click();
    const confirm = page.getByRole("dialog", { name: "Withdraw from the archive?" });
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("alert").filter({ hasText: "The item was withdrawn from the archive." }).waitFor();
    await list.getByRole("listitem").filter({ hasText: photo.title }).getByText(/^Withdrawn /).waitFor();
    expect(await publicIds()).not.toContain(photo.id);
    expect(await list.getByRole("button", { name: "Withdraw from the archive" }).count()).toBe(1);
    await snap(page, "archive-profile-withdrawn", true);

    // Nothing to add or edit: the screens send them back to their profile, the API refuses.
    for (const path of ["/evidence", "/evidenceupload", "/home"]) {
      await page.goto(path);
      await page.waitForURL("**/user");
    }
    expect(await page.getByRole("button", { name: "Add evidence" }).count()).toBe(0);
    const created = await page.request.post("/api/evidence", { multipart: { title: "After the show", notes: "n" } });
    expect(created.status()).toBe(503);
    const edited = await page.request.put(`/api/evidence/update/${items[1]!.id}`, { multipart: { title: "Changed after the show" } });
    expect(edited.status()).toBe(503);
    expect(problems).toEqual([]);
    await context.close();
  });

  test(`${viewport.width}px: the participant's dialog offers Download data, Withdraw for the participant and Delete account, each audited`, async () => {
    const { person, items } = seeded.get(viewport.width)!.forAdmin;
    const { page, problems, context } = await openPage(browser, server.url, viewport);
    page.setDefaultTimeout(15_000);
    await page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
    await page.goto("/admin");
    await showAdminView(page, "users");
    await page.getByRole("table", { name: "Users" }).getByRole("button", { name: `Info of ${person.fields.username}` }).click();
    const info = page.getByRole("dialog", { name: "User info" });
    const rights = info.getByRole("region", { name: "Their data and rights" });
    const list = rights.getByRole("list", { name: "Their items" });
    for (const item of items) await list.getByText(item.title).waitFor();
    await rights.getByRole("button", { name: "Delete their account" }).waitFor();
    await snap(page, "admin-participant-dialog");
    await expectNoSeriousA11yViolations(page, "participant's dialog with their rights");

    const [download] = await Promise.all([page.waitForEvent("download"), rights.getByRole("link", { name: "Download their data" }).click()]);
    await expectZip(download);

    const photo = items[0]!;
    await list.getByRole("listitem").filter({ hasText: photo.title }).getByRole("button", { name: "Withdraw for the participant" }).click();
    const withdraw = page.getByRole("dialog", { name: "Withdraw for the participant?" });
    await withdraw.getByText(/This records that Theodora .+ withdrew/).waitFor();
    await withdraw.getByRole("button", { name: "Withdraw for the participant" }).click();
    await withdraw.waitFor({ state: "detached" });
    await list.getByRole("listitem").filter({ hasText: photo.title }).getByText(/^Withdrawn for the participant by admin, /).waitFor();
    expect(await publicIds()).not.toContain(photo.id);

    await rights.getByRole("button", { name: "Delete their account" }).click();
    const confirm = page.getByRole("dialog", { name: "Please confirm" });
    await confirm.getByText("their account: name, username, e-mail address, phone number and pronouns;").waitFor();
    await confirm.getByText("their 3 items, with their files and notes, published ones too;").waitFor();
    await confirm.getByText("their verification photo and avatar;").waitFor();
    await snap(page, "admin-delete-participant");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("alert").filter({ hasText: "User deleted successfully!" }).waitFor();
    await info.waitFor({ state: "detached" });
    const { rows: left } = await server.ctx.db.$client.execute({ sql: "select count(*) from users where id = ?", args: [person.user.id] });
    expect(Number(left[0]![0])).toBe(0);
    for (const id of items.map((item) => item.id)) expect(await publicIds()).not.toContain(id);

    const { rows } = await server.ctx.db.$client.execute({
      sql: "select action from audit_log where (target_type = 'user' and target_id = ?) or (target_type = 'evidence' and target_id = ?)",
      args: [person.user.id, photo.id],
    });
    const actions = rows.map((row) => row[0]);
    for (const action of ["user.data-export", "evidence.withdraw", "user.delete"]) expect(actions).toContain(action);
    expect(problems).toEqual([]);
    await context.close();
  });
}
