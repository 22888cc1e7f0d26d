/**
 * The investigator's side on a laptop (1280×800): the admin screen with every table, dialog and Confirm/Cancel,
 * then the public archive (phone and laptop), role redirects, and the password reset read from the outbox.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { fixture, form, latestMailedCode, newParticipant } from "../support/client";
import { type MailCatcher, startMailCatcher } from "../support/mail-catcher";
import { ARCHIVE_PAGE_SIZE } from "../../src/evidence/archive-page";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE, shot } from "./browser";
import { Shell } from "./pages/Shell";

setDefaultTimeout(120_000);

let server: TestServer;
let mail: MailCatcher;
let browser: Browser;
let page: Page;
let problems: string[];
let informant: Awaited<ReturnType<typeof newParticipant>>;
let quiet: Awaited<ReturnType<typeof newParticipant>>;

async function upload(title: string, notes: string, file?: [name: string, type: string]) {
  const files: Record<string, File> = file ? { file: await fixture(...file) } : {};
  const response = await informant.actor.post("/api/evidence", form({ title, notes, location: "Pier 4" }, files));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

beforeAll(async () => {
  // Mail is set up (the reset screen offers to mail a code only then): a real SMTP server that keeps each mail.
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
  informant = await newParticipant(server.url, { full_name: "Ivy Informant" });
  quiet = await newParticipant(server.url, { full_name: "Quinn Quiet" });
  await upload("Harbour note", "Boat without lights at midnight.");
  await upload("Harbour photo", "North pier.", ["photo.jpg", "image/jpeg"]);
  await upload("Harbour video", "Engine noise.", ["clip.mp4", "video/mp4"]);
  await upload("Harbour audio", "Voices on the radio.", ["voice.mp3", "audio/mpeg"]);
  browser = await launchBrowser();
  ({ page, problems } = await openPage(browser, server.url, LAPTOP));
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

const alert = (text: string) => page.getByRole("alert").filter({ hasText: text }).first();

async function screen(target: Page, name: string) {
  await shot(target, name);
  await expectNoSeriousA11yViolations(target, name);
}

async function login(target: Page, usernameOrEmail: string, password: string) {
  await target.goto("/login");
  await target.getByLabel("Username or Email").fill(usernameOrEmail);
  await target.getByLabel("Password").fill(password);
  await target.getByRole("button", { name: "Login" }).click();
}

test("admin: Administration, visibility one by one and in bulk, evidence dialog edit and delete", async () => {
  await login(page, ADMIN.username, ADMIN.password);
  await page.waitForURL(/\/(admin|user)$/); // an admin who has watched the video lands on the console
  if (page.url().endsWith("/user")) {
    // The admin from the environment has not watched the video yet; the participant test covers the gate itself.
    const me = (await (await page.request.get("/api/user")).json()) as { id: number };
    expect((await page.request.put(`/api/user/watched/${me.id}`)).status()).toBe(200);
  }
  await page.goto("/home");
  await page.getByRole("heading", { name: "Your appointment" }).waitFor();
  const shell = new Shell(page);
  expect(await shell.entries()).toContain("Admin Page");
  await shell.mainNav().getByRole("link", { name: "Admin Page" }).click();
  await page.getByRole("heading", { name: "Administration" }).waitFor();
  const table = page.getByRole("table", { name: "All evidence" });
  await table.getByRole("row").nth(4).waitFor();
  expect(await table.getByRole("row").count()).toBe(5);
  await screen(page, "admin-evidence");

  const photoSwitch = table.getByRole("switch", { name: "Public: Harbour photo" });
  expect(await photoSwitch.getAttribute("aria-checked")).toBe("false");
  await photoSwitch.click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await confirm.getByText(/^Make "Harbour photo" \(#\d+\) public\?$/).waitFor(); // named by title and id
  await screen(page, "admin-confirm-visibility");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await page.waitForFunction(() => document.querySelector('[aria-label="Public: Harbour photo"]')?.getAttribute("aria-checked") === "true");

  await page.getByRole("button", { name: "Make All Public" }).click();
  await confirm.getByText("Make all evidence public?").waitFor();
  await confirm.getByText("This makes 3 items public").waitFor();
  expect(await confirm.getByRole("button", { name: "Confirm" }).isDisabled()).toBe(true);
  await confirm.getByLabel("Type 3 to confirm").fill("3");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await alert("made public").waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll('[role="switch"]')].every((s) => s.getAttribute("aria-checked") === "true"));
  await page.getByRole("button", { name: "Make All Private" }).click();
  await confirm.getByText("Make all evidence private?").waitFor();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  expect(await table.getByRole("switch", { checked: true }).count()).toBe(4);

  await table.getByRole("button", { name: "Harbour audio" }).click();
  const item = page.getByRole("dialog", { name: "Evidence item" });
  await item.locator("audio").waitFor();
  await item.getByText("Pier 4").waitFor();
  await screen(page, "admin-evidence-dialog");
  await item.getByRole("button", { name: "Edit" }).click();
  await item.getByLabel("Title").fill("Radio chatter");
  await item.getByLabel("Notes").fill("Two voices, harbour channel.");
  await item.getByRole("button", { name: "Save" }).click();
  await table.getByRole("button", { name: "Radio chatter" }).waitFor();

  await table.getByRole("button", { name: "Harbour video" }).click();
  await item.locator("video").waitFor();
  await item.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByText("Are you sure you want to delete this evidence?").waitFor();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Confirm" }).click();
  await alert("Evidence deleted successfully!").waitFor();
  await table.getByRole("button", { name: "Harbour video" }).waitFor({ state: "detached" });
});

test("admin: users table, user info with Edit User, per-user evidence, delete user", async () => {
  await page.getByRole("button", { name: "Show Users" }).click();
  const users = page.getByRole("table", { name: "Users" });
  await users.getByRole("row", { name: new RegExp(quiet.fields.username) }).waitFor();
  await screen(page, "admin-users");

  await users.getByRole("button", { name: `Info of ${informant.fields.username}` }).click();
  const info = page.getByRole("dialog", { name: "User info" });
  await info.getByRole("img", { name: `Verification photo of ${informant.fields.username}` }).waitFor();
  expect(await info.getByLabel("Role").inputValue()).toBe("User");
  expect(await info.getByLabel("Video watched").inputValue()).toBe("No");
  expect(await info.getByLabel("Full Name").isDisabled()).toBe(true);
  await info.getByRole("button", { name: "Edit User" }).click();
  expect(await info.getByLabel("Full Name").isEnabled()).toBe(true);
  expect(await info.getByLabel("Role").isDisabled()).toBe(true);
  expect(await info.getByLabel("Video watched").isDisabled()).toBe(true);
  await info.getByLabel("Full Name").fill("Ivy Renamed");
  await screen(page, "admin-user-info");
  await info.getByRole("button", { name: "Save Changes" }).click();
  await users.getByRole("cell", { name: "Ivy Renamed" }).waitFor();

  await users.getByRole("button", { name: `Evidence of ${informant.fields.username}` }).click();
  const evidenceOf = page.getByRole("dialog", { name: `Evidence of ${informant.fields.username}` });
  await evidenceOf.getByRole("button", { name: "Radio chatter" }).waitFor();
  await screen(page, "admin-user-evidence");
  await evidenceOf.getByRole("button", { name: "Close" }).click();
  await users.getByRole("button", { name: `Evidence of ${quiet.fields.username}` }).click();
  await page.getByText("User has not uploaded any evidence").waitFor();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  await users.getByRole("button", { name: `Delete ${quiet.fields.username}` }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await confirm.getByText(`Are you sure you want to delete the user ${quiet.fields.username}?`).waitFor();
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await alert("User deleted successfully!").waitFor();
  await users.getByRole("row", { name: new RegExp(quiet.fields.username) }).waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Show Evidence" }).click();
  await page.getByRole("table", { name: "All evidence" }).waitFor();
  expect(problems).toEqual([]);
});

test("archive for visitors at both sizes: loading text, filter, dialog with submitter, note without media, audio with notes", async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const visitor = await openPage(browser, server.url, viewport);
    const archive = visitor.page;
    archive.setDefaultTimeout(10_000);
    await archive.route("**/api/evidence/public*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    // From the landing, as a visitor comes: /archive's own HTML preloads its first page (a Link header); with
    // Chromium 150 a direct visit showed the list at once (the route above did not hold that page), so the loading
    // text is awaited on a visit within the app.
    await archive.goto("/");
    await archive.getByRole("link", { name: "Archive", exact: true }).first().click();
    await archive.getByText("Loading evidence . . .").waitFor();
    await archive.getByRole("list", { name: "Evidence items" }).getByRole("listitem").nth(2).waitFor();
    await screen(archive, "archive");

    await archive.getByRole("radio", { name: "Notes" }).click();
    await archive.getByRole("link", { name: /^Harbour note \(Note\)/ }).click();
    const dialog = archive.getByRole("dialog");
    await dialog.getByText("No media to display.").waitFor();
    await dialog.getByText("Submitted by").waitFor();
    await dialog.getByText(informant.fields.username).waitFor();
    expect(await dialog.getByRole("img", { name: `${informant.fields.username}'s avatar` }).getAttribute("src")).toBe("/default-avatar.svg");
    await screen(archive, "archive-dialog-note");
    await dialog.getByRole("button", { name: "Close" }).click();

    await archive.getByRole("radio", { name: "Audio" }).click();
    await archive.getByRole("link", { name: /^Radio chatter \(Audio\)/ }).click();
    await dialog.getByRole("button", { name: "Play" }).waitFor();
    await dialog.getByText("Two voices, harbour channel.").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  }
});

test("role 1: /admin goes to /user, /login to /home, /registration to /user; no Admin Page entry", async () => {
  const participant = await openPage(browser, server.url, PHONE);
  const own = participant.page;
  own.setDefaultTimeout(10_000);
  await own.request.post("/api/user/login", { data: { usernameOrEmail: informant.fields.username, password: informant.fields.password } });
  const me = (await (await own.request.get("/api/user")).json()) as { id: number };
  await own.request.put(`/api/user/watched/${me.id}`);
  await own.goto("/admin");
  await own.waitForURL("**/user");
  await own.goto("/login");
  await own.waitForURL("**/home");
  await own.goto("/registration");
  await own.waitForURL("**/user");
  expect(await new Shell(own).entries()).not.toContain("Admin Page");
  await participant.context.close();
});

test("password reset: unknown email, wrong code, another code, mismatch, new password works", async () => {
  const visitor = await openPage(browser, server.url, PHONE);
  const reset = visitor.page;
  reset.setDefaultTimeout(10_000);
  const inPage = (text: string) => reset.getByRole("alert").filter({ hasText: text }).first();
  await reset.goto("/login");
  await reset.getByRole("link", { name: "Reset Password" }).click();
  await reset.waitForURL("**/reset-password-email");
  await reset.getByLabel("Email").fill("nobody@example.org");
  await reset.getByRole("button", { name: "Send code" }).click();
  await inPage("No account is registered with that email address").waitFor();
  await screen(reset, "reset-email");
  await reset.getByLabel("Email").fill(informant.fields.email);
  await reset.getByRole("button", { name: "Send code" }).click();
  await reset.waitForURL("**/reset-password-code");
  expect(await reset.getByLabel("Email").inputValue()).toBe(informant.fields.email);

  await reset.getByLabel("Code").fill("000000");
  await reset.getByRole("button", { name: "Verify code" }).click();
  await inPage("Incorrect code. Please try again.").waitFor();
  await screen(reset, "reset-code");
  await reset.getByRole("button", { name: "Request another code" }).click();
  await inPage("A new code is on its way").waitFor();
  await reset.getByLabel("Code").fill(await latestMailedCode(mail.dir));
  await reset.getByRole("button", { name: "Verify code" }).click();
  await reset.waitForURL("**/reset-password-page");

  await reset.getByLabel("New Password", { exact: true }).fill("new-secret-1");
  await reset.getByLabel("Confirm New Password").fill("new-secret-2");
  await reset.getByRole("button", { name: "Save new password" }).click();
  await inPage("Please make sure that the passwords match each other.").waitFor();
  await screen(reset, "reset-page");
  await reset.getByLabel("Confirm New Password").fill("new-secret-1");
  await reset.getByRole("button", { name: "Save new password" }).click();
  await reset.waitForURL("**/login");
  await inPage("Password updated successfully!").waitFor();
  await reset.getByLabel("Username or Email").fill(informant.fields.email);
  await reset.getByLabel("Password").fill("new-secret-1");
  await reset.getByRole("button", { name: "Login" }).click();
  await reset.waitForURL(/\/(home|user)$/);
  expect(visitor.problems).toEqual([]);
  await visitor.context.close();
});

test("archive loads the next page while scrolling", async () => {
  const { actor } = await newParticipant(server.url);
  for (let index = 0; index < 52; index++) {
    expect((await actor.post("/api/evidence", form({ title: `Bulk note ${index}`, notes: "Filler for paging." }))).status).toBe(201);
  }
  const admin = await openPage(browser, server.url, LAPTOP);
  await admin.page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  expect((await admin.page.request.put("/api/evidence/makeAllPublic")).status()).toBe(200);
  await admin.context.close();

  const visitor = await openPage(browser, server.url, PHONE);
  const pages: string[] = [];
  visitor.page.on("request", (request) => request.url().includes("/api/evidence/public") && pages.push(new URL(request.url()).search));
  await visitor.page.goto("/archive");
  const cards = visitor.page.getByRole("list", { name: "Evidence items" }).getByRole("listitem");
  await cards.nth(ARCHIVE_PAGE_SIZE - 1).waitFor();
  await cards.nth(ARCHIVE_PAGE_SIZE - 1).scrollIntoViewIfNeeded();
  await cards.nth(ARCHIVE_PAGE_SIZE).waitFor(); // the second page
  expect(pages.length).toBeGreaterThanOrEqual(2);
  expect(pages[1]).toContain("before=");
  await visitor.context.close();
});
