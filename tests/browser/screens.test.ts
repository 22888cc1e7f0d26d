/**
 * Every screen at 390×844 and 1280×800: a screenshot into screenshots/ and an axe scan (no serious or critical
 * violation), for a visitor, a participant and the admin; then the archive-mode variants.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { fixture, form, newParticipant } from "../support/client";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, launchBrowser, openPage, PHONE, shot } from "./browser";
import { Shell } from "./pages/Shell";

setDefaultTimeout(180_000);

let browser: Browser;
const servers: TestServer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.stop()));
});

async function start(env: Record<string, string> = {}) {
  const server = await startTestServer(env);
  servers.push(server);
  return server;
}

/** Logs the page's context in through the API and marks the video watched, so screens open without the gate. */
async function signIn(page: Page, usernameOrEmail: string, password: string) {
  const response = await page.request.post("/api/user/login", { data: { usernameOrEmail, password } });
  expect(response.status()).toBe(200);
  const { id } = (await response.json()) as { id: number };
  expect((await page.request.put(`/api/user/watched/${id}`)).status()).toBe(200);
}

async function visit(page: Page, path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  await shot(page, name);
  await expectNoSeriousA11yViolations(page, `${name} at ${page.viewportSize()?.width}px`);
}

const heading = (name: string) => (page: Page) => page.getByRole("heading", { name }).first().waitFor();

let tour: { server: TestServer; fields: { username: string; password: string } } | undefined;

/** One server with a participant (video watched, a photo and a long note) shared by both viewport tours. */
async function tourServer() {
  if (tour) return tour;
  const server = await start();
  const { actor, fields } = await newParticipant(server.url, { full_name: "Tess Tour", pronouns: "She/Her" });
  await actor.put(`/api/user/watched/${(await (await actor.get("/api/user")).json()).id}`);
  await actor.post("/api/evidence", form({ title: "Tour photo with a long title", notes: "Seen from the bridge." }, { file: await fixture("photo.jpg") }));
  await actor.post("/api/evidence", form({ title: "Tour note", notes: "A long note.\n".repeat(12) }));
  tour = { server, fields };
  return tour;
}

for (const viewport of [PHONE, LAPTOP]) {
  test(`every screen at ${viewport.width}×${viewport.height}: visitor, participant, admin`, async () => {
    const { server, fields } = await tourServer();
    const visitor = await openPage(browser, server.url, viewport);
    const page = visitor.page;
    page.setDefaultTimeout(10_000);
    await visit(page, "/home", "home-visitor", (p) => p.getByText("(Do NOT register for an account unless you have a ticket)").waitFor());
    await visit(page, "/login", "login", heading("Login"));
    await visit(page, "/registration", "registration", heading("Register"));
    await visit(page, "/archive", "archive-visitor", (p) => p.getByRole("list", { name: "Evidence items" }).waitFor().catch(() => p.getByText("No evidence has been made public yet.").waitFor()));
    await visit(page, "/help", "help", heading("Frequently asked questions"));
    await visit(page, "/reset-password-email", "reset-password-email", heading("Reset your password"));
    await visit(page, "/reset-password-code", "reset-password-code", heading("Enter your code"));
    await visit(page, "/reset-password-page", "reset-password-page", heading("Choose a new password"));
    await visit(page, "/verify-email", "verify-email", heading("Email Verified Successfully!"));
    await visit(page, "/nowhere", "not-found", heading("404 — Page not found"));

    await signIn(page, fields.username, fields.password);
    await visit(page, "/home", "home-participant", heading("Your appointment"));
    if (viewport === PHONE) {
      await new Shell(page).openMenu();
      await shot(page, "menu-participant");
    }
    await visit(page, "/user", "profile", heading(`${fields.username} (She/Her)`));
    await visit(page, "/Evidence", "evidence-list", (p) => p.getByRole("list", { name: "Evidence items" }).waitFor());
    await page.getByRole("button", { name: "Add evidence" }).click();
    await shot(page, "evidence-list-plus-open");
    await page.getByRole("button", { name: "Audio upload" }).click();
    await page.getByRole("button", { name: "Start recording" }).waitFor();
    await shot(page, "evidence-upload-audio");
    await expectNoSeriousA11yViolations(page, "evidence-upload-audio");
    await visit(page, "/evidence-details", "evidence-details", (p) => p.getByRole("button", { name: "Upload Evidence" }).waitFor());
    await new Shell(page).logout();
    await page.waitForURL("**/home");

    await signIn(page, ADMIN.username, ADMIN.password);
    await visit(page, "/admin", "admin", (p) => p.getByRole("table", { name: "All evidence" }).getByRole("row").nth(2).waitFor());
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });
}

test("archive mode: 'See the Evidence', no Register/Login for visitors, participants' login refused", async () => {
  const server = await start({ ARCHIVE_MODE: "on" });
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, context, problems } = await openPage(browser, server.url, viewport);
    page.setDefaultTimeout(10_000);
    await visit(page, "/home", "home-archive", (p) => p.getByRole("link", { name: "See the Evidence" }).waitFor());
    expect(await page.getByRole("link", { name: "Login" }).count()).toBe(0);
    expect(await page.getByText("(Do NOT register for an account unless you have a ticket)").count()).toBe(0);
    expect(await new Shell(page).entries()).toEqual(["Home", "Archive"]);
    await page.getByRole("link", { name: "See the Evidence" }).click();
    await page.waitForURL("**/archive");
    await visit(page, "/login", "login-archive", heading("Login"));
    expect(await page.getByRole("link", { name: "REGISTER" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }
});

test("upload limit: shown before choosing, an over-size file is refused before any byte is sent", async () => {
  const server = await start({ MAX_UPLOAD_MB: "1" });
  const { fields } = await newParticipant(server.url);
  const { page, context, problems } = await openPage(browser, server.url, PHONE);
  page.setDefaultTimeout(10_000);
  await signIn(page, fields.username, fields.password);
  const uploads: string[] = [];
  page.on("request", (request) => request.method() === "POST" && request.url().includes("/api/evidence") && uploads.push(request.url()));
  await page.goto("/Evidence");
  await page.getByRole("button", { name: "Add evidence" }).click();
  await page.getByRole("button", { name: "Camera upload" }).click();
  await page.getByText("Maximum file size: 1 MB").waitFor();
  const big = { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(1.5 * 1024 * 1024, 1) };
  await page.getByLabel(/Upload File/).setInputFiles(big);
  await page.getByRole("alert").filter({ hasText: "That file is 1.6 MB. The largest file you can upload is 1 MB." }).waitFor();
  expect(page.url()).toEndWith("/evidenceupload");
  expect(uploads).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
