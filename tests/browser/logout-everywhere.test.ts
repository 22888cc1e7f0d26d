/**
 * "Log out everywhere" on the profile screen: a participant signed in on a phone and somewhere else ends both
 * sessions from the phone and lands on the login screen; the other device is signed out too. Axe scan on the way.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { Actor, newParticipant } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { launchBrowser, openPage, PHONE, shot } from "./browser";

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

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
