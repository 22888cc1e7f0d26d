/**
 * A participant's data on a phone: registering needs the consent box (the notice opens from its link), a changed
 * notice asks again at the next visit, and Profile → My data downloads the ZIP and deletes the account after a
 * confirmation that says what goes. Axe scans on the way.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import type { Browser } from "playwright-core";
import arabic from "../../locales/ar.json";
import german from "../../locales/de.json";
import { Actor, adminActor, FIXTURES, fixture, form, registrationFields } from "../support/client";
import { type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { showLanguage } from "./tour/pseudo";

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));

const userRow = async (username: string) =>
  (await server.ctx.db.$client.execute({ sql: "select id, consent_version from users where username = ?", args: [username] })).rows[0];

test("consent at registration, again after a change; My data: download, then delete the account", async () => {
  const fields = registrationFields();
  const { page, problems, context } = await openPage(browser, server.url, PHONE);
  page.setDefaultTimeout(10_000);
  await page.goto("/registration");
  for (const [label, value] of [
    ["Full Name", fields.full_name],
    ["Username", fields.username],
    ["Email", fields.email],
    ["Phone Number", fields.phone_number],
    ["Confirm Phone Number", fields.phone_number],
    ["Password", fields.password],
    ["Confirm Password", fields.password],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await page.getByText("Please read the privacy notice and tick the box to agree.").waitFor();

  await page.getByRole("button", { name: "privacy notice" }).click();
  const notice = page.getByRole("dialog", { name: "Privacy notice" });
  await notice.getByText("may be published in the public archive after the show").waitFor();
  await shot(page, "privacy-notice");
  await expectNoSeriousA11yViolations(page, "privacy notice");
  await notice.getByRole("button", { name: "Close" }).last().click();

  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Register", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add a clear photo of your face" });
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), dialog.getByRole("button", { name: "Choose a photo" }).click()]);
  await chooser.setFiles(path.join(FIXTURES, "photo.jpg"));
  await dialog.getByRole("button", { name: "Submit Photo and Register" }).click();
  await page.waitForURL("**/user");
  const registered = await userRow(fields.username);
  expect(registered![1]).toBe(0); // the built-in notice's version
  expect((await page.request.put(`/api/user/watched/${registered![0]}`)).status()).toBe(200); // the briefing's dialog comes first

  // The organisers change the notice: the next visit asks again.
  const admin = await adminActor(server.url);
  const show = (await (await admin.get("/api/show")).json()) as { privacy_notice: string };
  expect((await admin.put("/api/show", { privacy_notice: `${show.privacy_notice}\n\nRecordings are now kept for a year.` })).status).toBe(200);
  await page.reload();
  const again = page.getByRole("dialog", { name: "The privacy notice has changed" });
  await again.getByText("Recordings are now kept for a year.").waitFor();
  await expectNoSeriousA11yViolations(page, "notice changed");
  await again.getByRole("button", { name: "I agree" }).click();
  await again.waitFor({ state: "detached" });
  expect((await userRow(fields.username))![1]).toBeGreaterThan(0);

  // My data: the ZIP downloads as it streams.
  await page.getByRole("heading", { name: "My data" }).scrollIntoViewIfNeeded();
  await shot(page, "profile-my-data");
  await expectNoSeriousA11yViolations(page, "profile: my data");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^casefile-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await Bun.file((await download.path())!).bytes();
  expect([...zip.slice(0, 2)]).toEqual([0x50, 0x4b]);

  await page.getByRole("button", { name: "Delete my account" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete your account?" });
  await confirm.getByText("no items;").waitFor();
  await shot(page, "delete-account");
  await expectNoSeriousA11yViolations(page, "delete account");
  await confirm.getByLabel("Your password").fill("not-my-password");
  await confirm.getByRole("button", { name: "Delete my account" }).click();
  await confirm.getByText("The password is not correct.").waitFor();
  await confirm.getByLabel("Your password").fill(fields.password);
  await confirm.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("status").filter({ hasText: "Your account and everything you sent have been deleted." }).waitFor();
  // The toast keeps its message, not its words: a language switched while it shows words it anew.
  await showLanguage(page, "de");
  await page.getByRole("status").filter({ hasText: german["privacy.deleted"] }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/home");
  expect(await userRow(fields.username)).toBeUndefined();
  // The wrong password's 403 is the one error this journey meant to cause.
  expect(problems.filter((problem) => !problem.includes("403"))).toEqual([]);
  await context.close();
});

test("a participant registered through the original client (no consent sent) is asked to read the notice, not told it changed", async () => {
  const fields = registrationFields();
  const actor = new Actor(server.url);
  const registered = await actor.post("/api/user/register", form(fields, { verification_photo: await fixture("photo.jpg") }));
  expect(registered.status).toBe(201);
  const row = await userRow(fields.username);
  expect(row![1]).toBeNull();
  for (const [viewport, name] of [[PHONE, "privacy-unread"], [LAPTOP, "privacy-unread"]] as const) {
    const { page, problems, context } = await openPage(browser, server.url, viewport);
    page.setDefaultTimeout(10_000);
    await page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } });
    await page.request.put(`/api/user/watched/${row![0]}`); // the briefing's dialog comes first
    await page.goto("/user");
    const dialog = page.getByRole("dialog", { name: "Please read the privacy notice" });
    await dialog.getByText("You have not read the privacy notice yet.", { exact: false }).waitFor();
    expect(await page.getByText("The privacy notice has changed").count()).toBe(0);
    await shot(page, name);
    if (viewport === PHONE) {
      await expectNoSeriousA11yViolations(page, "notice unread");
      await showLanguage(page, "ar");
      await page.getByRole("dialog", { name: arabic["privacy.unread_title"] }).waitFor();
      await shot(page, `${name}-ar`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }
  // Gone again: the retention test counts the participants left.
  await actor.login(fields.username, fields.password);
  expect((await actor.request("DELETE", "/api/user", { password: fields.password })).status).toBe(200);
});

test("Administration → Server → Retention says what is due and when, and purges early only after a confirmation stating the counts", async () => {
  const ended = new Date(Date.now() - 3 * 24 * 60 * 60_000).toISOString();
  await server.ctx.db.$client.execute({ sql: "insert into show_settings (field, value, updated_at) values ('archive_since', json_quote(?), ?)", args: [ended, ended] });
  const { page, problems, context } = await openPage(browser, server.url, PHONE);
  page.setDefaultTimeout(10_000);
  await page.request.post("/api/user/login", { data: { usernameOrEmail: "admin", password: "adminpass1" } });
  await page.goto("/admin/server");
  await page.getByRole("heading", { name: "Retention" }).waitFor();
  await page.getByText(/the purge is due/).waitFor();
  await expectNoSeriousA11yViolations(page, "retention");
  await page.getByRole("button", { name: "Purge now" }).click();
  const confirm = page.getByRole("dialog", { name: "Purge now?" });
  await confirm.getByText(/^This deletes \d+ verification photos, \d+ phone numbers, \d+ e-mail addresses and 0 unpublished items for good/).waitFor();
  await shot(page, "retention-confirm");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await page.getByText(/^Purged \d+ verification photos/).waitFor();
  await page.getByText(/^Last purge /).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
