/**
 * The app at a venue (issue 8), in Chromium at 390×844 against the real server: after a first visit every screen
 * opens offline (the service worker's precache), a screen whose code cannot arrive shows a retry screen that
 * recovers, the offline banner comes and goes, an onboarding video that cannot load leaves Retry, its transcript and
 * Log out, and over plain http:// on a non-loopback name the app offers the phone's own camera and recorder.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { BrowserContext, Browser, Page } from "playwright-core";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { fixture, form, newParticipant, registrationFields } from "../support/client";
import { expectNoSeriousA11yViolations } from "./axe";
import { launchBrowser, openPage, shot } from "./browser";

setDefaultTimeout(60_000);

/** A name that is not loopback, so Chromium treats http:// on it as the insecure context a venue's LAN address is. */
const LAN_HOST = "casefile.test";

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  browser = await launchBrowser([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]);
  server = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, usernameOrEmail: string, password: string, watched = true) {
  const response = await page.request.post("/api/user/login", { data: { usernameOrEmail, password } });
  expect(response.status()).toBe(200);
  const { id } = (await response.json()) as { id: number };
  if (watched) expect((await page.request.put(`/api/user/watched/${id}`)).status()).toBe(200);
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

/** Each route of web/components/AppRoutes.tsx → the heading it shows offline, for a participant and for the admin. */
function routes(profileHeading: string): [path: string, participant: string, admin: string][] {
  return [
    ["/", "Your appointment", "Your appointment"],
    ["/home", "Your appointment", "Your appointment"],
    ["/home-validate", "Your appointment", "Your appointment"],
    ["/login", "Your appointment", "Your appointment"], // visitors only: a logged-in user goes home
    ["/registration", profileHeading, ADMIN.username], // visitors only: a logged-in user goes to the profile
    ["/user", profileHeading, ADMIN.username],
    ["/verify-email", "Email Verified Successfully!", "Email Verified Successfully!"],
    ["/archive", "Archive", "Archive"],
    ["/Evidence", "My Evidence", "My Evidence"],
    ["/evidence", "My Evidence", "My Evidence"],
    ["/evidenceupload", "Add photo or video evidence", "Add photo or video evidence"],
    ["/evidence-details", "Evidence details", "Evidence details"],
    ["/admin", profileHeading, "Administration"],
    ["/help", "Help", "Help"],
    ["/reset-password-email", "Reset your password", "Reset your password"],
    ["/reset-password-code", "Enter your code", "Enter your code"],
    ["/reset-password-page", "Choose a new password", "Choose a new password"],
    ["/no/such/page", "404 — Page not found", "404 — Page not found"],
  ];
}

test("after a first visit, every screen opens offline with its content, for a participant and for the admin; the banner comes and goes", async () => {
  const { actor, fields } = await newParticipant(server.url, { pronouns: "She/Her" });
  await actor.post("/api/evidence", form({ title: "Seen from the bridge", notes: "Before the wifi went." }));
  const who = [
    { name: "participant", username: fields.username, password: fields.password, column: 1 as const },
    { name: "admin", username: ADMIN.username, password: ADMIN.password, column: 2 as const },
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
      await page.goto(route[0]);
      await heading(page, route[person.column]).waitFor();
      await banner(page).waitFor();
    }
    // The tutorial cannot play offline; its captions, precached, stand in as a transcript.
    await page.goto("/help");
    await page.getByText("How to upload evidence: open Evidence, tap the red plus button").waitFor();
    if (person.name === "participant") {
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

test("a screen whose code cannot be fetched shows a calm retry screen, and Try again recovers", async () => {
  // No worker here, as on a first visit or over plain http://: the page's own requests meet the broken link.
  const { context, page, problems } = await openPage(browser, server.url, undefined, { serviceWorkers: "block" });
  page.setDefaultTimeout(10_000);
  const chunk = /\/assets\/chunk-[^/]+\.js$/;
  await context.route(chunk, (route) => route.abort("connectionreset"));
  await page.goto("/help");
  await heading(page, "This screen did not load").waitFor();
  await shot(page, "retry-screen");
  await expectNoSeriousA11yViolations(page, "retry screen");

  await page.getByRole("button", { name: "Try again" }).click();
  await heading(page, "This screen did not load").waitFor(); // still broken: tried again, failed again
  await context.unroute(chunk);
  await page.getByRole("button", { name: "Try again" }).click();
  await heading(page, "Help").waitFor();
  await heading(page, "Frequently asked questions").waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test("an onboarding video that cannot load leaves Retry, the transcript and Log out; nobody is locked in", async () => {
  const { fields } = await newParticipant(server.url);
  const { context, page, problems } = await openPage(browser, server.url, undefined, { serviceWorkers: "block" });
  page.setDefaultTimeout(10_000);
  const video = /\/onboarding\.(webm|mp4)$/;
  let videoRequests = 0;
  await context.route(video, (route) => {
    videoRequests += 1;
    return route.abort("connectionreset");
  });
  await signIn(page, fields.username, fields.password, false);
  await page.goto("/user");
  const dialog = page.getByRole("dialog", { name: "Welcome to Casefile Test" });
  await dialog.getByText("The video could not be loaded.").waitFor();
  await dialog.getByText("Welcome, informant. This is the onboarding video.").waitFor();
  await dialog.getByText("Watch it to the end, then confirm that you understand the instructions.").waitFor();
  await shot(page, "onboarding-video-error");
  await expectNoSeriousA11yViolations(page, "onboarding video error");

  const before = videoRequests;
  await dialog.getByRole("button", { name: "Retry" }).click();
  await dialog.getByText("The video could not be loaded.").waitFor();
  expect(videoRequests).toBeGreaterThan(before);
  await context.unroute(video);
  await dialog.getByRole("button", { name: "Retry" }).click();
  await dialog.getByRole("button", { name: "▶ Play video" }).waitFor();
  expect(await dialog.getByText("The video could not be loaded.").count()).toBe(0);

  await context.route(video, (route) => route.abort("connectionreset"));
  await page.reload();
  await dialog.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL("**/home");
  await dialog.waitFor({ state: "detached" });
  expect((await page.request.get("/api/user")).status()).toBe(401);
  expect(problems).toEqual([]);
  await context.close();
});

test("over plain http:// on a LAN name: no in-browser camera or recorder, said plainly; the phone's own through capture pickers", async () => {
  const insecureUrl = server.url.replace("127.0.0.1", LAN_HOST);
  const { context, page, problems } = await openPage(browser, insecureUrl);
  page.setDefaultTimeout(10_000);
  await page.goto("/registration");
  expect(await page.evaluate(() => ({ secure: window.isSecureContext, worker: "serviceWorker" in navigator }))).toEqual({ secure: false, worker: false });

  const fields = registrationFields();
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
  const dialog = page.getByRole("dialog", { name: "Add a clear photo of your face" });
  await dialog.getByText("The in-browser camera and recorder need a secure connection").waitFor();
  expect(await dialog.getByRole("button", { name: "Take a Selfie", exact: true }).count()).toBe(0);
  const selfie = dialog.locator('input[type="file"][capture="user"]');
  expect(await selfie.getAttribute("accept")).toBe("image/*");
  await shot(page, "insecure-selfie");
  await expectNoSeriousA11yViolations(page, "insecure context: selfie");
  await selfie.setInputFiles({ name: "selfie.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await (await fixture("photo.jpg")).arrayBuffer()) });
  await dialog.getByRole("img", { name: "Your verification photo" }).waitFor();
  await dialog.getByRole("button", { name: "Submit Photo and Register" }).click();
  await page.waitForURL("**/user");

  // From the page: the test's own HTTP client does not know the name.
  const watched = await page.evaluate(async () => {
    const { id } = (await (await fetch("/api/user")).json()) as { id: number };
    return (await fetch(`/api/user/watched/${id}`, { method: "PUT" })).status;
  });
  expect(watched).toBe(200);
  await page.goto("/Evidence");
  await page.getByRole("button", { name: "Add evidence" }).click();
  await page.getByRole("button", { name: "Audio upload" }).click();
  await page.getByText("The in-browser camera and recorder need a secure connection").waitFor();
  expect(await page.getByText("Allow microphone access").count()).toBe(0);
  expect(await page.getByRole("button", { name: "Start recording" }).count()).toBe(0);
  const recorder = page.locator('input[type="file"][capture]');
  expect(await recorder.getAttribute("accept")).toBe("audio/*");
  await shot(page, "insecure-audio");
  await expectNoSeriousA11yViolations(page, "insecure context: audio");

  // Photos and clips were always taken with the phone's camera app, which needs no secure context.
  await page.goto("/Evidence");
  await page.getByRole("button", { name: "Add evidence" }).click();
  await page.getByRole("button", { name: "Camera upload" }).click();
  await heading(page, "Add photo or video evidence").waitFor();
  const pickers = await page.locator('input[type="file"][capture]').evaluateAll((inputs) =>
    inputs.map((input) => [input.getAttribute("accept"), input.getAttribute("capture")]),
  );
  expect(pickers).toEqual([
    ["image/*", "environment"],
    ["video/*", "environment"],
  ]);
  expect(problems).toEqual([]);
  await context.close();
});
