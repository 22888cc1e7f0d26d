/**
 * Issue 44: the set-up checklist and getting a participant back in without mail. The admin reads the checklist (rows
 * that link to where each is fixed), acknowledges plain HTTP, and resets a locked-out participant's password from their
 * dialog; the participant logs in with the temporary password and must choose their own first. Without SMTP the
 * reset screen says to ask the organisers. Screenshots into /tmp/shots44b at 390×844 and 1280×800.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import type { Browser, Locator, Page } from "playwright-core";
import { Actor, newParticipant, type Participant } from "../support/client";
import { ADMIN, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { showAdminView } from "./adminViews";

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
serverAndBrowser((started) => ({ server, browser } = started));

const SHOTS = "/tmp/shots44b";
/** The viewport (a dialog, a screen), or one element of a long page (the checklist atop the Show screen). */
async function look(page: Page, name: string, part?: Locator) {
  await mkdir(SHOTS, { recursive: true });
  const file = `${SHOTS}/${name}-${page.viewportSize()!.width}.png`;
  await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file }));
}

/** An admin's page at a size, logged in through the API (the login screen is the participant's part below). */
async function adminPage(viewport: typeof PHONE) {
  const opened = await openPage(browser, server.url, viewport);
  opened.page.setDefaultTimeout(15_000);
  await opened.page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  await opened.page.request.put("/api/user/watched/1");
  return opened;
}

test("the checklist lists what fails silently, each row a link; plain HTTP acknowledged leaves the chip's count", async () => {
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context, problems } = await adminPage(viewport);
    await page.goto("/admin/show");
    const checklist = page.getByRole("region", { name: "The server says" });
    const mail = checklist.locator('[data-code="no-mail"]');
    await mail.getByText("reset codes are not sent").waitFor();
    await mail.getByText("Set SMTP_URL, then restart the server.").waitFor();
    await checklist.locator('[data-code="built-in-meeting-place"]').getByText("is still in: Appointment instructions, Frequently asked questions").waitFor();
    await checklist.locator('[data-code="backups-off"]').waitFor();
    await checklist.locator('[data-code="default-tutorial"]').waitFor();
    await look(page, "checklist", checklist);
    await expectNoSeriousA11yViolations(page, "checklist");
    await context.close();
    expect(problems).toEqual([]);
  }

  const { page, context, problems } = await adminPage(LAPTOP);
  await page.goto("/admin");
  const chip = page.getByText(/\d+ things to set up/);
  const before = Number((await chip.textContent())!.match(/\d+/)![0]);
  await chip.click();
  await look(page, "checklist-chip");
  // A row's link leads to its section of the Show screen.
  await page.locator('[data-code="default-privacy-contact"]').getByRole("link", { name: "Where to fix it" }).click();
  await page.waitForURL("**/admin/show#show-privacy");
  await page.locator("#show-privacy").waitFor();
  const http = page.getByRole("region", { name: "The server says" }).locator('[data-code="plain-http"]');
  await http.getByRole("button", { name: "Acknowledge" }).click();
  await page.getByText("1 acknowledged item").waitFor();
  await page.goto("/admin");
  await page.getByText(`${before - 1} things to set up`).waitFor();
  // Every instance agrees: the server says so too.
  const rows = (await (await page.request.get("/api/show/warnings")).json()).warnings as { code: string; acknowledged: boolean }[];
  expect(rows.find((row) => row.code === "plain-http")?.acknowledged).toBe(true);
  await context.close();
  expect(problems).toEqual([]);
});

async function resetFromDialog(page: Page, participant: Participant): Promise<string> {
  await page.goto("/admin");
  await showAdminView(page, "users");
  const users = page.getByRole("table", { name: "Users" });
  await users.getByRole("button", { name: `Info of ${participant.fields.username}` }).click();
  const info = page.getByRole("dialog", { name: "User info" });
  await info.getByRole("button", { name: "Reset password" }).click();
  await info.getByRole("button", { name: "Make a temporary password" }).click();
  const shown = info.getByTestId("temporary-password");
  await shown.waitFor();
  await info.getByText(`Give it to ${participant.fields.username} in person`).waitFor();
  await look(page, "reset-dialog");
  await expectNoSeriousA11yViolations(page, "reset-dialog");
  return (await shown.textContent())!.trim();
}

test("an admin resets a participant's password; the participant logs in with it and chooses a new one", async () => {
  // The laptop's dialog first (its screenshot), for a participant who then does nothing with it.
  const bystander = await newParticipant(server.url);
  const laptop = await adminPage(LAPTOP);
  await resetFromDialog(laptop.page, bystander);
  await laptop.context.close();
  expect(laptop.problems).toEqual([]);

  const participant = await newParticipant(server.url);
  expect((await participant.actor.put(`/api/user/watched/${participant.user.id}`)).status).toBe(200);
  const phoneAdmin = await adminPage(PHONE);
  const temporary = await resetFromDialog(phoneAdmin.page, participant);
  expect(temporary).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await phoneAdmin.context.close();
  expect(phoneAdmin.problems).toEqual([]);
  // Their other session ended.
  expect((await participant.actor.get("/api/user")).status).toBe(401);

  const phone = await openPage(browser, server.url, PHONE);
  const { page } = phone;
  page.setDefaultTimeout(15_000);
  await page.goto("/login");
  await page.getByLabel("Username or Email").fill(participant.fields.username);
  await page.getByLabel("Password").fill(temporary);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
  await page.getByText("You logged in with a temporary password").waitFor();
  await look(page, "choose-new-password");
  await expectNoSeriousA11yViolations(page, "choose-new-password");
  await page.getByLabel("New Password", { exact: true }).fill("my-own-venue-pass");
  await page.getByLabel("Confirm New Password").fill("my-own-venue-pass");
  await page.getByRole("button", { name: "Save new password" }).click();
  await page.getByText("Your new password is saved.").waitFor();
  await page.getByRole("heading", { name: "Choose a new password" }).waitFor({ state: "detached" });
  expect((await (await page.request.get("/api/user")).json()).must_change_password).toBe(false);
  expect((await new Actor(server.url).login(participant.fields.username, "my-own-venue-pass")).status).toBe(200);
  expect((await new Actor(server.url).login(participant.fields.username, temporary)).status).toBe(401);
  await phone.context.close();
  expect(phone.problems).toEqual([]);
});

test("without SMTP the reset screen says mail is not set up and to ask the organisers, and sends nothing", async () => {
  const phone = await openPage(browser, server.url, PHONE);
  const { page } = phone;
  await page.goto("/reset-password-email");
  await page.getByRole("heading", { name: "Mail is not set up at this show" }).waitFor();
  await page.getByText("Ask the organisers").waitFor();
  expect(await page.getByRole("button", { name: "Send code" }).count()).toBe(0);
  expect(await page.getByText("We sent a six-digit code").count()).toBe(0);
  await look(page, "reset-no-mail");
  // The later steps too, opened directly (a bookmark, a link shared by a friend): no claim that a code was sent.
  for (const [address, title] of [["/reset-password-code", "Enter your code"], ["/reset-password-page", "Choose a new password"]]) {
    await page.goto(address);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByRole("heading", { name: "Mail is not set up at this show" }).waitFor();
    await page.getByText("Ask the organisers").waitFor();
    expect(await page.getByText("We sent a six-digit code").count()).toBe(0);
    expect(await page.getByRole("button", { name: /Verify code|Request another code|Save new password/ }).count()).toBe(0);
  }
  await phone.context.close();
  expect(phone.problems).toEqual([]);
});
