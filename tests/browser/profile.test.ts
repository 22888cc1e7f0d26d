/**
 * The profile (/user) of a participant with the longest username and a very long email: no horizontal scrolling on
 * a phone, the whole name and address on screen; the read view; the edit form with the email checked as it is left,
 * the avatar chosen through the design system's picker (no browser "No file chosen") with a preview, saved with the
 * spec's 'User updated successfully.'; and the onboarding dialog for a participant who has not watched the video
 * (no close button: the gate is blocking). Axe and screenshots in every state at 390×844 and 1280×800.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { FIXTURES, newParticipant } from "../support/client";
import { type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));

async function screen(page: Page, name: string, scan = true) {
  await shot(page, name);
  if (scan) await expectNoSeriousA11yViolations(page, name);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function signedIn(viewport: typeof PHONE, overrides: Record<string, string>, watched = true) {
  const participant = await newParticipant(server.url, overrides);
  if (watched) await participant.actor.put(`/api/user/watched/${participant.user.id}`);
  const opened = await openPage(browser, server.url, viewport);
  opened.page.setDefaultTimeout(10_000);
  await opened.page.request.post("/api/user/login", { data: { usernameOrEmail: participant.fields.username, password: participant.fields.password } });
  return { ...opened, fields: participant.fields };
}

test("a long username and email on a phone: everything on screen, read view, edit with avatar preview, saved", async () => {
  const suffix = Date.now().toString(36);
  const username = `Maximilian_Wolkenkratzer_${suffix}`.slice(0, 32);
  const email = `maximilian.wolkenkratzer.investigations.department.${suffix}@a-very-long-domain-name.example.org`;
  const { page, problems, context } = await signedIn(PHONE, { username, email, full_name: "Maximilian Alexander Wolkenkratzer-Fitzgerald" });
  await page.goto("/user");
  await page.getByRole("heading", { name: `${username} (They/Them)` }).waitFor();
  expect(await noSidewaysScroll(page)).toBe(true);
  expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
  const terms = await page.locator("dt").allTextContents();
  expect(terms).toEqual(["Full Name", "Email", "Phone Number", "Pronouns"]);
  expect(await page.getByRole("img", { name: `${username}'s avatar` }).getAttribute("src")).toMatch(/^\/api\/media\//);
  await screen(page, "profile-long-name");

  await page.getByRole("button", { name: "Edit Profile" }).click();
  const emailField = page.getByLabel("Email", { exact: true });
  await emailField.fill("not-an-email");
  await emailField.blur();
  await page.locator('input[name="email"][aria-invalid="true"]').waitFor();
  await page.getByText("Invalid email address", { exact: true }).waitFor();
  await page.getByLabel("Pronouns").selectOption("");
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "Upload Avatar" }).click()]);
  await chooser.setFiles(path.join(FIXTURES, "photo.png"));
  await page.getByRole("img", { name: "Preview of your new avatar" }).waitFor();
  for (const input of await page.locator('input[type="file"]').all()) expect(await input.isVisible()).toBe(false);
  expect(await noSidewaysScroll(page)).toBe(true);
  await screen(page, "profile-edit");

  await page.getByRole("button", { name: "Save Changes" }).click();
  expect(await emailField.evaluate((input) => input === document.activeElement)).toBe(true); // the first field in error
  await emailField.fill(email);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("alert").filter({ hasText: "User updated successfully." }).waitFor();
  await page.getByRole("heading", { name: username, exact: true }).waitFor(); // no pronouns: no brackets
  const terms2 = page.locator("dd").nth(3);
  expect(await terms2.textContent()).toBe("Prefer not to say");
  expect(await noSidewaysScroll(page)).toBe(true);
  await screen(page, "profile-saved");
  expect(problems).toEqual([]);
  await context.close();
});

test("on a laptop: the read view, the edit form, and the blocking onboarding dialog", async () => {
  const suffix = Date.now().toString(36);
  const username = `Wilhelmina_Oppenheimer_${suffix}`.slice(0, 32);
  const { page, problems, context } = await signedIn(LAPTOP, {
    username,
    email: `wilhelmina.oppenheimer.evidence.${suffix}@long-institutional-domain.example.org`,
    pronouns: "She/Her",
  });
  await page.goto("/user");
  await page.getByRole("heading", { name: `${username} (She/Her)` }).waitFor();
  expect(await noSidewaysScroll(page)).toBe(true);
  await screen(page, "profile-long-name", false); // the read view was scanned on the phone
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByRole("button", { name: "Upload Avatar" }).waitFor();
  await screen(page, "profile-edit", false);
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Edit Profile" }).waitFor();
  await context.close();

  const newcomer = await signedIn(LAPTOP, { username: `newcomer_${suffix}` }, false);
  await newcomer.page.goto("/user");
  const welcome = newcomer.page.getByRole("dialog", { name: "Welcome to Casefile Test" });
  await welcome.getByRole("button", { name: "Play video" }).waitFor();
  expect(await welcome.getByRole("button", { name: "Close" }).count()).toBe(0);
  await newcomer.page.keyboard.press("Escape");
  expect(await welcome.isVisible()).toBe(true);
  await screen(newcomer.page, "profile-onboarding");
  expect([...problems, ...newcomer.problems]).toEqual([]);
  await newcomer.context.close();
});
