/**
 * Recovering from what a venue's network does to the app (issue 8), in Chromium at 390×844 against the real server,
 * without a service worker (a first visit, or plain http://), so the page's requests meet the broken link: a screen
 * whose code cannot arrive shows a retry screen that recovers; an onboarding video that cannot load leaves Retry, its
 * transcript and Log out.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { type TestServer } from "../support/server";
import { newParticipant } from "../support/client";
import { expectNoSeriousA11yViolations } from "./axe";
import { openPage, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";

setDefaultTimeout(60_000);

let browser: Browser;
let server: TestServer;

serverAndBrowser((started) => ({ server, browser } = started));

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true }).first();
const withoutWorker = { serviceWorkers: "block" } as const;

test("a screen whose code cannot be fetched shows a calm retry screen, and Try again recovers", async () => {
  const { context, page, problems } = await openPage(browser, server.url, undefined, withoutWorker);
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
  const { context, page, problems } = await openPage(browser, server.url, undefined, withoutWorker);
  page.setDefaultTimeout(10_000);
  const video = /\/onboarding\.(webm|mp4)$/;
  let videoRequests = 0;
  await context.route(video, (route) => {
    videoRequests += 1;
    return route.abort("connectionreset");
  });
  expect((await page.request.post("/api/user/login", { data: { usernameOrEmail: fields.username, password: fields.password } })).status()).toBe(200);
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
  await dialog.getByRole("button", { name: "Play video" }).waitFor();
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
