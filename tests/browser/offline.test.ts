/**
 * The app offline (issue 8), in Chromium at 390×844 against the real server: after a first visit (the service worker
 * installed and in control) every screen opens with its content with the network off, the offline banner comes and
 * goes, and the worker keeps the API and media out of its caches. offline-recovery.test.ts has the retry screen and
 * the onboarding video's error; insecure-context.test.ts the plain-http:// venue.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ADMIN, type TestServer } from "../support/server";
import { newParticipant } from "../support/client";
import { expectNoSeriousA11yViolations } from "./axe";
import { openPage, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";

setDefaultTimeout(60_000);

let browser: Browser;
let server: TestServer;

serverAndBrowser((started) => ({ server, browser } = started));

async function signIn(page: Page, usernameOrEmail: string, password: string) {
  const response = await page.request.post("/api/user/login", { data: { usernameOrEmail, password } });
  expect(response.status()).toBe(200);
  const { id } = (await response.json()) as { id: number };
  expect((await page.request.put(`/api/user/watched/${id}`)).status()).toBe(200);
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true }).first();
const banner = (page: Page) => page.getByRole("status").filter({ hasText: "You are offline." });

/** The first visit: the service worker installs, precaches, and takes this page (clients.claim). */
async function firstVisit(page: Page) {
  await page.goto("/home");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
}

/** Offline for the worker too: a request it passes on (the API) fails, so what opens came from its precache. */
async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  expect(await page.evaluate(() => fetch("/api/config").then(() => "reached the server", () => "failed"))).toBe("failed");
}

/**
 * Each route of web/features/shell/AppRoutes.tsx → the heading it shows offline, for a participant and for the admin;
 * `everyone`: a screen that does not depend on who is logged in, visited once (as the participant).
 */
function routes(profileHeading: string): { path: string; participant: string; admin: string; everyone?: true }[] {
  const same = (path: string, heading: string) => ({ path, participant: heading, admin: heading, everyone: true as const });
  return [
    { path: "/", participant: "Your appointment", admin: "Your appointment" },
    { path: "/home", participant: "Your appointment", admin: "Your appointment" },
    { path: "/home-validate", participant: "Your appointment", admin: "Your appointment" },
    { path: "/login", participant: "Your appointment", admin: "Your appointment" }, // visitors only: home instead
    { path: "/registration", participant: profileHeading, admin: ADMIN.username }, // visitors only: the profile instead
    { path: "/user", participant: profileHeading, admin: ADMIN.username },
    { path: "/Evidence", participant: "My Evidence", admin: "My Evidence" },
    { path: "/evidence", participant: "My Evidence", admin: "My Evidence" },
    { path: "/evidenceupload", participant: "Add photo or video evidence", admin: "Add photo or video evidence" },
    { path: "/evidence-details", participant: "Evidence details", admin: "Evidence details" },
    { path: "/admin", participant: profileHeading, admin: "Administration" }, // admins only: a participant's profile
    { path: "/archive", participant: "Casefile Test", admin: "Casefile Test" }, // the exhibition opens with the project's name
    { path: "/help", participant: "Help", admin: "Help" },
    same("/verify-email", "Email Verified Successfully!"),
    same("/reset-password-email", "Reset your password"),
    same("/reset-password-code", "Enter your code"),
    same("/reset-password-page", "Choose a new password"),
    same("/no/such/page", "404 — Page not found"),
  ];
}

test("after a first visit, every screen opens offline with its content, for a participant and for the admin; the banner comes and goes", async () => {
  const { fields } = await newParticipant(server.url, { pronouns: "She/Her" });
  const who = [
    { name: "participant" as const, username: fields.username, password: fields.password },
    { name: "admin" as const, username: ADMIN.username, password: ADMIN.password },
  ];
  for (const person of who) {
    const { context, page, problems } = await openPage(browser, server.url);
    page.setDefaultTimeout(10_000);
    await signIn(page, person.username, person.password);
    await firstVisit(page);
    expect(await banner(page).count()).toBe(0);
    await goOffline(context, page);
    await banner(page).waitFor();

    for (const route of routes(`${fields.username} (She/Her)`)) {
      if (route.everyone && person.name === "admin") continue;
      await page.goto(route.path);
      await heading(page, route[person.name]).waitFor();
      await banner(page).waitFor();
    }
    if (person.name === "participant") {
      // The tutorial cannot play offline; its captions, precached, stand in as a transcript.
      await page.goto("/help");
      await page.getByText("How to upload evidence: open Evidence, tap the red plus button").waitFor();
      await page.goto("/evidence-details");
      await heading(page, "Evidence details").waitFor();
      await shot(page, "offline-banner");
      await expectNoSeriousA11yViolations(page, "offline banner");
    }

    await context.setOffline(false);
    await banner(page).waitFor({ state: "detached" });
    expect(await page.getByRole("status").filter({ hasText: "offline" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }
});

test("straight after a first visit, an offline start still has the operator's accent colour and logo", async () => {
  const { context, page } = await openPage(browser, server.url);
  await firstVisit(page);
  await goOffline(context, page);
  const branding = await page.evaluate(async () => {
    const theme = await fetch("/theme.css");
    const logo = await fetch("/brand/logo");
    return { theme: await theme.text(), logo: `${logo.status} ${logo.headers.get("content-type")}` };
  });
  expect(branding).toEqual({ theme: ":root{--accent:#b3261e;--accent-strong:#98201a;--on-accent:#ffffff}\n", logo: "200 image/svg+xml" });
  await context.close();
});

test("the worker keeps the API and media out of its caches, and sw.js is revalidated at every visit", async () => {
  const { fields } = await newParticipant(server.url);
  const { context, page } = await openPage(browser, server.url);
  await signIn(page, fields.username, fields.password);
  await firstVisit(page);
  await page.goto("/help");
  await page.goto("/Evidence");
  await heading(page, "My Evidence").waitFor();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain("/index.html");
  expect(cached.filter((url) => url.startsWith("/assets/")).length).toBeGreaterThan(20);
  expect(cached.filter((url) => url.startsWith("/api/") || /\.(mp4|webm)$/.test(url))).toEqual([]);
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  await context.close();
});
