/**
 * The failure half of spec §8: each message shown when the server fails or cannot be reached, provoked by
 * intercepting the one call that matters (everything else talks to the real server).
 */
import { afterAll, beforeAll, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { FIXTURES, form, newParticipant } from "../support/client";
import { launchBrowser, openPage, PHONE } from "./browser";
import { showAdminView } from "./adminViews";

setDefaultTimeout(120_000);

let server: TestServer;
let browser: Browser;
let page: Page;

const serverError = { status: 500, contentType: "application/json", body: JSON.stringify({ message: "Test failure." }) };
const alert = (text: string) => page.getByRole("alert").filter({ hasText: text }).first();

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server.url, PHONE));
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("login without an answer, and a failed registration", async () => {
  await page.route("**/api/user/login", (route) => route.abort());
  await page.goto("/login");
  await page.getByLabel("Username or Email").fill("someone");
  await page.getByLabel("Password").fill("some-password");
  await page.getByRole("button", { name: "Login" }).click();
  await alert("Oops! Something went wrong! Is the server running?").waitFor();
  await page.unroute("**/api/user/login");

  await page.route("**/api/user/register", (route) => route.fulfill({ ...serverError, status: 409 }));
  await page.goto("/registration");
  const values: [string, string][] = [
    ["Full Name", "Failing Fern"],
    ["Username", "fern_fails"],
    ["Email", "fern@example.org"],
    ["Phone Number", "5557654321"],
    ["Confirm Phone Number", "5557654321"],
    ["Password", "fern-secret"],
    ["Confirm Password", "fern-secret"],
  ];
  for (const [label, value] of values) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Register", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add a clear photo of your face" });
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), dialog.getByRole("button", { name: "Choose a photo" }).click()]);
  await chooser.setFiles(path.join(FIXTURES, "photo.jpg"));
  await dialog.getByRole("button", { name: "Submit Photo and Register" }).click();
  await dialog.getByRole("alert").filter({ hasText: "Oops! That didn't work. The username might already be taken. Try again!" }).waitFor();
  await page.unroute("**/api/user/register");
});

test("evidence that cannot be loaded or deleted, a profile that cannot be saved", async () => {
  const { actor, fields } = await newParticipant(server.url);
  const me = (await (await actor.get("/api/user")).json()) as { id: number };
  await actor.put(`/api/user/watched/${me.id}`);
  await actor.post("/api/evidence", form({ title: "Keep me", notes: "Still here." }));
  await page.context().clearCookies();
  await page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } });

  await page.route("**/api/evidence", (route) => (route.request().method() === "GET" ? route.fulfill(serverError) : route.continue()));
  await page.goto("/Evidence");
  await alert("Could not load evidence!").waitFor();
  await page.unroute("**/api/evidence");

  await page.route("**/api/evidence/delete/*", (route) => route.fulfill(serverError));
  await page.goto("/Evidence");
  await page.getByRole("button", { name: /^Keep me \(Note\)/ }).click();
  await page.getByRole("dialog", { name: "Evidence" }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Confirm" }).click();
  await alert("Could not delete evidence!").waitFor();
  await page.getByRole("button", { name: /^Keep me \(Note\)/ }).waitFor();
  await page.unroute("**/api/evidence/delete/*");

  await page.route("**/api/evidence/user", (route) => route.fulfill(serverError));
  await page.goto("/user");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await alert("Error updating user.").waitFor();
  await page.unroute("**/api/evidence/user");
});

test("a user who cannot be deleted", async () => {
  const { fields } = await newParticipant(server.url);
  await page.context().clearCookies();
  const login = await page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  await page.request.put(`/api/user/watched/${((await login.json()) as { id: number }).id}`);
  await page.route("**/api/user/*", (route) => (route.request().method() === "DELETE" ? route.fulfill(serverError) : route.continue()));
  await page.goto("/admin");
  await showAdminView(page, "users");
  await page.getByRole("button", { name: `Delete ${fields.username}` }).click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Confirm" }).click();
  await alert("Could not delete user!").waitFor();
  await page.getByRole("button", { name: `Delete ${fields.username}` }).waitFor();
});
