/**
 * The venue's plain http:// address (issue 8), in Chromium at 390×844 against the real server reached under a
 * non-loopback name (`--host-resolver-rules`), so the page is not a secure context as on a phone on the LAN: no
 * in-browser camera or recorder, said plainly, and the phone's own camera and recorder offered through file pickers
 * with `capture`.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server";
import { fixture, registrationFields } from "../support/client";
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

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true }).first();

test("over plain http:// on a LAN name: no in-browser camera or recorder; only what works is said, and the phone's own opens through capture pickers", async () => {
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
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Register", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add a clear photo of your face" });
  // Only what works: nothing about https:// the participant could not act on (the operator is warned on their screens).
  await dialog.getByText("The selfie opens your phone's camera.").waitFor();
  expect(await dialog.getByText(/https|secure/).count()).toBe(0);
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
  await page.getByText("Recording opens your phone's recorder.").waitFor();
  expect(await page.locator("main").getByText(/https|secure/).count()).toBe(0);
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
