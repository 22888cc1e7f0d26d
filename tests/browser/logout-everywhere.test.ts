/**
 * "Log out everywhere" on the profile screen: a participant signed in on a phone and somewhere else ends both
 * sessions from the phone and lands on the login screen; the other device is signed out too. Axe scan on the way.
 * Logging out of a shared phone asks about the unsent drafts kept on it (issue 17): keep (the default) or remove;
 * "Log out everywhere" removes them.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { Actor, newParticipant } from "../support/client";
import { type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { openPage, PHONE, requestsInFlight, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { addChoice, participantPage, storedDrafts, waitForDraft } from "./capture-support";
import { Shell } from "./pages/Shell";

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));

test("log out everywhere ends this session and the other device's, then shows the login screen", async () => {
  const { actor: otherDevice, user, fields } = await newParticipant(server.url);
  expect((await otherDevice.put(`/api/user/watched/${user.id}`)).status).toBe(200);

  const phone = await openPage(browser, server.url, PHONE);
  const { page } = phone;
  page.setDefaultTimeout(10_000);
  await page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } });
  await page.goto("/user");
  const button = page.getByRole("button", { name: "Log out everywhere" });
  await button.waitFor();
  await shot(page, "profile-logout-everywhere");
  await expectNoSeriousA11yViolations(page, "profile");

  await button.click();
  await page.waitForURL("**/login");
  await page.getByRole("heading", { name: "Login" }).waitFor();

  expect((await otherDevice.get("/api/user")).status).toBe(401);
  expect((await page.request.get("/api/user")).status()).toBe(401);
  await page.goto("/user");
  await page.getByRole("heading", { name: "Login" }).waitFor(); // the profile is for signed-in users only
  expect((await new Actor(server.url).login(fields.username, fields.password)).status).toBe(200); // the account itself is fine
  expect(phone.problems).toEqual([]);
  await phone.context.close();
});

test("logout on a shared phone asks about its unsent drafts: kept by default, removed on request, and by log out everywhere", async () => {
  const { user, fields } = await newParticipant(server.url);
  const phone = await openPage(browser, server.url, PHONE);
  const { page } = phone;
  page.setDefaultTimeout(10_000);
  const shell = new Shell(page);
  const login = async () => {
    await page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } });
    await page.request.put(`/api/user/watched/${user.id}`);
  };
  /** A note started on the details screen and left there unsent (an "editing" draft), then the profile screen. */
  async function leaveDraft(title: string) {
    await page.goto("/Evidence");
    await addChoice(page, "Notes upload");
    await page.waitForURL(/\/evidence-details\?draft=/);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Notes").fill("Seen from the bus stop, with where I stood.");
    await waitForDraft(page, title);
    await toProfile();
  }
  /** The profile screen, past the offer to finish sending what waits unsent. */
  async function toProfile() {
    await page.goto("/user");
    await page.getByRole("button", { name: "Not now" }).click();
  }
  const titles = async () => (await storedDrafts(page)).map((draft) => draft.title);
  const question = page.getByRole("dialog", { name: "Keep your unsent items on this device?" });
  /** Logout goes to / (which shows a visitor the landing page at /home); a timeout says what the page waited on. */
  const inFlight = requestsInFlight(page);
  const loggedOut = () =>
    page.waitForURL((url) => url.pathname === "/" || url.pathname === "/home").catch((error: Error) => {
      throw new Error(`${error.message}\nstill at ${page.url()}; requests in flight: ${inFlight().join(", ") || "none"}`);
    });

  await login();
  await leaveDraft("Shared phone note");
  await shell.logout();
  await question.waitFor();
  await expectNoSeriousA11yViolations(page, "logout drafts");
  await shot(page, "logout-keep-drafts");
  // Closing the question stays logged in with everything kept; the main answer keeps the draft for the next visit.
  await question.getByRole("button", { name: "Cancel" }).click();
  await question.waitFor({ state: "hidden" });
  expect((await page.request.get("/api/user")).status()).toBe(200);
  await shell.logout();
  await question.getByRole("button", { name: "Keep them and log out" }).click();
  await loggedOut();
  expect(await titles()).toEqual(["Shared phone note"]);

  await login();
  await toProfile();
  await shell.logout();
  await question.getByRole("button", { name: "Remove them and log out" }).click();
  await loggedOut();
  expect(await titles()).toEqual([]);

  await login();
  await leaveDraft("Before logging out everywhere");
  await page.getByRole("button", { name: "Log out everywhere" }).click();
  await page.waitForURL("**/login");
  expect(await titles()).toEqual([]);
  expect(phone.problems).toEqual([]);
  await phone.context.close();
});
