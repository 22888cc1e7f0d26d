/**
 * The admin's screens in the design system (issue 10), with realistic content: a dozen participants (one with the
 * longest name, email and full name the server allows), items of every kind (a photo four times taller than wide, a
 * located photo, video, audio, long notes). On a 1280×800 laptop every dialog's buttons stay in view however tall the
 * photo, Back closes the evidence dialog, the admin sees the file's MIME type and SHA-256 and the place as a map link;
 * on a 390×844 phone nothing but the tables scrolls sideways. axe on every view and dialog at both sizes (a dialog's
 * scan covers the dialog only: the page behind it is scanned on its own).
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { fixture, form, newParticipant, type Participant } from "../support/client";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE, shot } from "./browser";
import { showAdminView } from "./adminViews";

setDefaultTimeout(120_000);

const LONG = {
  username: "Maximiliana_Featherstonehaugh-32",
  full_name: "Maximiliana Anastasia Bartholomew-Featherstonehaugh de la Cruz y Montenegro-Villalobos",
  email: "maximiliana.anastasia.bartholomew.featherstonehaugh@investigations-department.example.org",
};
const PLACE = "52.37403, 4.88969";
const TALL = "Crane cabin, looking down the full height of the harbour crane at night";
const NOTES = 10;
const ITEMS = NOTES + 5;

type AdminItem = { id: number; title: string; duration_ms: number | null; media?: { mime: string; sha256: string } };

let server: TestServer;
let browser: Browser;
let long: Participant;
let quiet: Participant;
let items: AdminItem[];

async function post(who: Participant, fields: Record<string, string>, file?: [string, string]) {
  const response = await who.actor.post("/api/evidence", form(fields, file ? { file: await fixture(...file) } : {}));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  server = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: "1000" });
  long = await newParticipant(server.url, LONG);
  quiet = await newParticipant(server.url, { full_name: "Quinn Quiet-Harbourmaster" });
  const others: Participant[] = [];
  for (let index = 0; index < 4; index++) others.push(await newParticipant(server.url, { full_name: `Witness number ${index} of the northern breakwater watch` }));
  for (let index = 0; index < NOTES; index++) {
    await post(others[index % others.length]!, {
      title: `Night watch report ${index}: a boat without lights drifting past the northern breakwater`,
      notes: "Engine cut out twice, two people on deck, one carrying a long case wrapped in tarpaulin.",
      location: "Pier 4, north side of the old ferry terminal",
    });
  }
  await post(long, { title: "Harbour audio", notes: "Voices on the radio, channel 16." }, ["voice.mp3", "audio/mpeg"]);
  await post(long, { title: "Harbour video", notes: "Engine noise." }, ["clip.mp4", "video/mp4"]);
  await post(long, { title: "Located photo of the pier", notes: "Taken from the lighthouse.", location: PLACE }, ["photo.jpg", "image/jpeg"]);
  await post(long, { title: "A long note", notes: "They met at the bollard. ".repeat(60).trim() });
  await post(long, { title: TALL, notes: "Portrait, very tall." }, ["tall.jpg", "image/jpeg"]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** /admin in a fresh admin session (clipboard allowed), on its users view when asked. */
async function openAdmin(viewport: typeof LAPTOP, view: "evidence" | "users" = "evidence") {
  const opened = await openPage(browser, server.url, viewport);
  opened.page.setDefaultTimeout(15_000);
  await opened.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  expect((await opened.page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } })).status()).toBe(200);
  const me = (await (await opened.page.request.get("/api/user")).json()) as { id: number };
  await opened.page.request.put(`/api/user/watched/${me.id}`);
  items ??= (await (await opened.page.request.get("/api/evidence/admin")).json()) as AdminItem[];
  await opened.page.goto("/admin");
  if (view === "users") await showAdminView(opened.page, "users");
  return { ...opened, users: opened.page.getByRole("table", { name: "Users" }) };
}

/** The page raised no error and broke no rule of the CSP; its context is done with. */
async function finish({ problems, context }: Awaited<ReturnType<typeof openPage>>) {
  expect(problems).toEqual([]);
  await context.close();
}

const itemTitled = (title: string) => items.find((item) => item.title === title)!;

/** The element lies wholly inside the viewport (nothing to scroll to reach it). */
async function expectInView(target: Locator) {
  const box = (await target.boundingBox())!;
  const viewport = target.page().viewportSize()!;
  expect({ top: box.y >= 0, bottom: box.y + box.height <= viewport.height, left: box.x >= 0, right: box.x + box.width <= viewport.width }).toEqual({
    top: true,
    bottom: true,
    left: true,
    right: true,
  });
}

/**
 * Neither the page nor an open dialog scrolls sideways (a table scrolls inside its own frame, which is allowed). The
 * page is measured against the viewport's width: a phone widens its layout viewport to fit content that overflows.
 */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    dialogs: [...document.querySelectorAll('[role="dialog"] *')].filter(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(element).overflowX) && !element.querySelector(":scope > table"),
    ).length,
  }));
  expect(overflow).toEqual({ page: page.viewportSize()!.width, dialogs: 0 });
}

/** Closing a dialog by a button takes its history entry off asynchronously: wait for that before pressing Back. */
async function settledAtDepth(page: Page, depth: number) {
  await page.waitForFunction((expected) => Number(history.state?.casefileDialogDepth ?? 0) === expected, depth);
}

async function look(page: Page, name: string) {
  await shot(page, `admin-design-${name}`);
  const dialogOpen = (await page.getByRole("dialog").count()) > 0;
  await expectNoSeriousA11yViolations(page, name, [], dialogOpen ? '[role="dialog"]' : undefined);
}

/** Delete asks first (its Confirm and Cancel in view); Cancel, then the Back button closes the item, on /admin still. */
async function askToDeleteThenGoBack(page: Page, dialog: Locator) {
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await confirm.getByText("Are you sure you want to delete this evidence?").waitFor();
  for (const name of ["Confirm", "Cancel"]) await expectInView(confirm.getByRole("button", { name }));
  await look(page, "confirm-delete-evidence");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  await settledAtDepth(page, 1);
  await page.goBack();
  await dialog.waitFor({ state: "detached" });
  expect(new URL(page.url()).pathname).toBe("/admin");
}

async function openItem(page: Page, title: string) {
  await page.getByRole("table", { name: "All evidence" }).getByRole("button", { name: title, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Evidence item" });
  await dialog.waitFor();
  return dialog;
}

test("laptop: a tall photo's dialog keeps Edit, Delete, Previous and Next in view; Back closes it and stays on /admin", async () => {
  const opened = await openAdmin(LAPTOP);
  const { page } = opened;
  await page.getByRole("heading", { name: "Administration" }).waitFor();
  await page.getByRole("table", { name: "All evidence" }).locator("tbody tr").nth(ITEMS - 1).waitFor();
  await expectNoSidewaysScroll(page);
  await look(page, "evidence");

  const dialog = await openItem(page, TALL);
  const photo = dialog.getByRole("img", { name: `Photo: ${TALL}` });
  await photo.waitFor();
  await page.waitForFunction((name) => (document.querySelector(`img[alt="${name}"]`) as HTMLImageElement | null)?.complete, `Photo: ${TALL}`);
  for (const name of ["Edit", "Delete", "Previous", "Next", "Close"]) await expectInView(dialog.getByRole("button", { name, exact: true }));
  await dialog.getByText(`Item 1 of ${ITEMS}`).waitFor();
  await expectNoSidewaysScroll(page);
  await look(page, "evidence-dialog-tall");

  await dialog.getByRole("button", { name: "Edit", exact: true }).click();
  await dialog.getByLabel("Title").waitFor();
  for (const name of ["Save", "Cancel"]) await expectInView(dialog.getByRole("button", { name, exact: true }));
  await shot(page, "admin-design-evidence-dialog-editing");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await askToDeleteThenGoBack(page, dialog);
  await page.getByRole("heading", { name: "Administration" }).waitFor();
  await finish(opened);
});

test("laptop: the admin sees the file's MIME type and SHA-256 (and copies it), the place as a map link, a clip's length", async () => {
  const opened = await openAdmin(LAPTOP);
  const { page } = opened;
  const located = itemTitled("Located photo of the pier");
  const dialog = await openItem(page, located.title);
  const file = dialog.getByRole("region", { name: "File" });
  await file.getByText(located.media!.sha256).waitFor();
  expect(located.media!.mime).toBe("image/jpeg");
  await file.getByText("image/jpeg").waitFor();
  await file.getByRole("button", { name: "Copy SHA-256" }).click();
  await file.getByRole("status").filter({ hasText: "Copied." }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(located.media!.sha256);

  const map = dialog.getByRole("link", { name: new RegExp(PLACE) });
  expect(await map.getAttribute("href")).toBe("https://www.openstreetmap.org/?mlat=52.37403&mlon=4.88969#map=17/52.37403/4.88969");
  expect(await map.getAttribute("target")).toBe("_blank");
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "detached" });
  await settledAtDepth(page, 0);

  const video = itemTitled("Harbour video");
  expect(video.duration_ms).toBeGreaterThan(0);
  const videoDialog = await openItem(page, video.title);
  await videoDialog.locator("video").waitFor();
  const seconds = Math.round(video.duration_ms! / 1000);
  await videoDialog.getByText(`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`, { exact: true }).waitFor();
  await videoDialog.getByText(video.media!.mime).waitFor();
  await look(page, "evidence-dialog-video");
  await page.keyboard.press("Escape");
  await videoDialog.waitFor({ state: "detached" });
  await settledAtDepth(page, 0);

  // The other dialogs of the evidence view: one item's visibility, Make All, the shortcuts.
  await page.getByRole("switch", { name: `Public: ${located.title}` }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await confirm.getByText(`Make "${located.title}" (#${located.id}) public?`).waitFor();
  for (const name of ["Confirm", "Cancel"]) await expectInView(confirm.getByRole("button", { name }));
  await shot(page, "admin-design-confirm-visibility");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  await settledAtDepth(page, 0);
  await page.getByRole("button", { name: "Make All Public" }).click();
  await confirm.getByText(`This makes ${ITEMS} items public`).waitFor();
  for (const name of ["Confirm", "Cancel"]) await expectInView(confirm.getByRole("button", { name }));
  await look(page, "confirm-make-all");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  await settledAtDepth(page, 0);
  await page.keyboard.press("?");
  await page.getByRole("dialog", { name: "Keyboard shortcuts" }).getByText("Mark reviewed").waitFor();
  await look(page, "shortcuts");
  await finish(opened);
});

test("laptop: users view with long names, user info with Edit User, each button in view", async () => {
  const opened = await openAdmin(LAPTOP, "users");
  const { page, users } = opened;
  const row = users.getByRole("row", { name: new RegExp(LONG.username) });
  await row.waitFor();
  // The longest name and email are cut to their column, whole in their title; the page does not widen.
  const username = row.getByTitle(LONG.username, { exact: true });
  expect(await username.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await row.getByTitle(LONG.email, { exact: true }).waitFor();
  await expectNoSidewaysScroll(page);
  await look(page, "users");

  await users.getByRole("button", { name: `Info of ${LONG.username}` }).click();
  const info = page.getByRole("dialog", { name: "User info" });
  await info.getByRole("img", { name: `Verification photo of ${LONG.username}` }).waitFor();
  expect(await info.getByLabel("Email").inputValue()).toBe(LONG.email);
  expect(await info.getByLabel("Role").inputValue()).toBe("User");
  await expectInView(info.getByRole("button", { name: "Edit User" }));
  await expectNoSidewaysScroll(page);
  await look(page, "user-info");
  await info.getByRole("button", { name: "Edit User" }).click();
  expect(await info.getByLabel("Video watched").isDisabled()).toBe(true);
  await info.getByLabel("Phone Number").fill("12345");
  await info.getByRole("button", { name: "Save Changes" }).click();
  await info.getByText("Phone number must be 10 digits long and contain no dashes").waitFor();
  for (const name of ["Save Changes", "Cancel"]) await expectInView(info.getByRole("button", { name }));
  await shot(page, "admin-design-user-info-editing");
  await info.getByRole("button", { name: "Cancel" }).click();
  expect(await info.getByLabel("Phone Number").inputValue()).toBe(long.fields.phone_number);
  await info.getByRole("button", { name: "Close" }).click();
  await info.waitFor({ state: "detached" });

  await page.getByRole("button", { name: "Audit log" }).click();
  await page.getByLabel("Who").selectOption("all"); // the participants' uploads too: this admin has done little yet
  await page.getByRole("list", { name: "Audit entries" }).getByRole("listitem").nth(1).waitFor();
  await shot(page, "admin-design-audit");
  await finish(opened);
});

test("laptop: a participant's evidence (an item opens on top of it), the empty list, deleting a user", async () => {
  const opened = await openAdmin(LAPTOP, "users");
  const { page, users } = opened;
  await users.getByRole("button", { name: `Evidence of ${LONG.username}` }).click();
  const theirs = page.getByRole("dialog", { name: `Evidence of ${LONG.username}` });
  await theirs.getByRole("button", { name: TALL }).waitFor();
  await expectNoSidewaysScroll(page);
  await look(page, "user-evidence");
  await theirs.getByRole("button", { name: TALL }).click();
  const item = page.getByRole("dialog", { name: "Evidence item" });
  await item.getByRole("img", { name: `Photo: ${TALL}` }).waitFor();
  for (const name of ["Edit", "Delete"]) await expectInView(item.getByRole("button", { name, exact: true }));
  await item.getByText(itemTitled(TALL).media!.sha256).waitFor();
  await shot(page, "admin-design-user-evidence-item");
  // Closing the item returns to the list.
  await item.getByRole("button", { name: "Close" }).click();
  await item.waitFor({ state: "detached" });
  await theirs.getByRole("button", { name: "Close" }).click();
  await theirs.waitFor({ state: "detached" });
  await settledAtDepth(page, 0);

  await users.getByRole("button", { name: `Evidence of ${quiet.fields.username}` }).click();
  await page.getByRole("dialog", { name: `Evidence of ${quiet.fields.username}` }).getByText("User has not uploaded any evidence").waitFor();
  await shot(page, "admin-design-user-evidence-empty");
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await settledAtDepth(page, 0);

  await users.getByRole("button", { name: `Delete ${quiet.fields.username}` }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await confirm.getByText(`Are you sure you want to delete the user ${quiet.fields.username}?`).waitFor();
  for (const name of ["Confirm", "Cancel"]) await expectInView(confirm.getByRole("button", { name }));
  await shot(page, "admin-design-confirm-delete-user");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("alert").filter({ hasText: "User deleted successfully!" }).waitFor();
  await finish(opened);
});

test("phone: the evidence view, its item dialog and confirmations fit 390 px (only the table scrolls sideways)", async () => {
  const opened = await openAdmin(PHONE);
  const { page } = opened;
  await page.getByRole("table", { name: "All evidence" }).locator("tbody tr").nth(ITEMS - 1).waitFor();
  await expectNoSidewaysScroll(page);
  await look(page, "evidence");

  const dialog = await openItem(page, TALL);
  await dialog.getByRole("img", { name: `Photo: ${TALL}` }).waitFor();
  for (const name of ["Edit", "Delete", "Next"]) await expectInView(dialog.getByRole("button", { name, exact: true }));
  await expectNoSidewaysScroll(page);
  await look(page, "evidence-dialog-tall");
  await askToDeleteThenGoBack(page, dialog);
  const confirm = page.getByRole("dialog", { name: "Please confirm" });

  await page.getByRole("button", { name: "Make All Public" }).click();
  await confirm.getByLabel(`Type ${ITEMS} to confirm`).waitFor();
  await expectNoSidewaysScroll(page);
  await look(page, "confirm-make-all");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await finish(opened);
});

test("phone: the users view, user info and a participant's evidence fit 390 px; the invitation too", async () => {
  const opened = await openAdmin(PHONE, "users");
  const { page, users } = opened;
  await users.getByRole("row", { name: new RegExp(LONG.username) }).waitFor();
  await expectNoSidewaysScroll(page);
  await look(page, "users");
  await users.getByRole("button", { name: `Info of ${LONG.username}` }).click();
  const info = page.getByRole("dialog", { name: "User info" });
  await info.getByRole("button", { name: "Edit User" }).click();
  for (const name of ["Save Changes", "Cancel"]) await expectInView(info.getByRole("button", { name }));
  await expectNoSidewaysScroll(page);
  await look(page, "user-info-editing");
  await info.getByRole("button", { name: "Close" }).click();
  await settledAtDepth(page, 0);
  await users.getByRole("button", { name: `Evidence of ${LONG.username}` }).click();
  const theirs = page.getByRole("dialog", { name: `Evidence of ${LONG.username}` });
  await theirs.getByRole("button", { name: TALL }).waitFor();
  await expectNoSidewaysScroll(page);
  await look(page, "user-evidence");
  await page.goBack();
  await theirs.waitFor({ state: "detached" });
  expect(new URL(page.url()).pathname).toBe("/admin");

  await page.goto("/admin/invitation");
  await page.getByRole("article", { name: "Invitation to print" }).waitFor();
  await expectNoSidewaysScroll(page);
  await look(page, "invitation");
  await finish(opened);
});
