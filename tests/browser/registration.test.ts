/**
 * Registration as a participant meets it: each field checked as it is left (and not before it was typed in), every
 * problem at once beside its field on submit with the focus on the first, the server's uniqueness message under the
 * username; then the photo dialog: 'Submit Photo and Register' disabled until there is a photo, a portrait selfie
 * from Chromium's fake camera, Retake back to the live camera, a chosen file with no browser "No file chosen", and
 * the whole registration landing on /user with 'New User Created!'. Axe and screenshots in every state, both sizes.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { FIXTURES } from "../support/client";
import { ADMIN, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";

setDefaultTimeout(60_000);

let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The error a field shows: the text of the element its aria-describedby names as `…-error` (null when none). */
async function errorOf(page: Page, label: string): Promise<string | null> {
  return (await shownErrors(page))[label] ?? null;
}

/** Every field's shown error by its label, read in one go. */
function shownErrors(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLLabelElement>("form label[for]")].map((label) => {
        const input = document.getElementById(label.htmlFor);
        const errorId = input?.getAttribute("aria-describedby")?.split(" ").find((id) => id.endsWith("-error"));
        const shown = input?.getAttribute("aria-invalid") === "true" && errorId ? document.getElementById(errorId)?.textContent?.trim() : null;
        return [label.textContent?.trim() ?? "", shown ?? null];
      }),
    ),
  );
}

/** The consent box's error: its aria-invalid, the text its aria-describedby names, and whether it looks like a field's. */
function consentError(page: Page): Promise<{ invalid: string | null; text: string | null; sameLook: boolean }> {
  return page.evaluate(() => {
    const box = document.querySelector<HTMLInputElement>('input[name="privacy_consent"]')!;
    const error = document.getElementById(box.getAttribute("aria-describedby") ?? "");
    const fieldError = document.querySelector('[id$="-error"]:not(#' + (error?.id ?? "none") + ")");
    return {
      invalid: box.getAttribute("aria-invalid"),
      text: error?.textContent?.trim() || null,
      sameLook: Boolean(error && fieldError && error.className === fieldError.className && error.querySelector("svg")),
    };
  });
}

/** A screenshot of the state, and axe on it unless the same state was already scanned at the other size. */
async function screen(page: Page, name: string, scan = true) {
  await shot(page, name);
  if (scan) await expectNoSeriousA11yViolations(page, name);
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

const valid = (name: string) => ({
  "Full Name": "Rosa Informant",
  Username: name,
  Email: `${name}@example.org`,
  "Phone Number": "5551234567",
  "Confirm Phone Number": "5551234567",
  Password: "bridge-secret",
  "Confirm Password": "bridge-secret",
});

const portrait = (box: { width: number; height: number } | null) => (box ? Math.round((box.width / box.height) * 100) / 100 : 0);

async function chooseFile(page: Page, button: Locator, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
  await chooser.setFiles(file);
}

test("fields are checked as they are left, never before they were typed in, and all problems show at once on submit", async () => {
  const { page, problems, context } = await openPage(browser, server.url, PHONE);
  page.setDefaultTimeout(10_000);
  await page.goto("/registration");
  await screen(page, "registration", false); // the empty form is scanned by screens.test.ts

  // Tabbing through without typing nags nobody.
  await field(page, "Full Name").focus();
  for (let step = 0; step < 4; step += 1) await page.keyboard.press("Tab");
  expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);

  await field(page, "Email").fill("not-an-email");
  expect(await errorOf(page, "Email")).toBeNull(); // not while typing
  await field(page, "Phone Number").fill("555-123-45");
  await field(page, "Password").fill("short");
  await field(page, "Confirm Password").focus();
  expect(await shownErrors(page)).toEqual({
    "Full Name": null,
    Username: null,
    Pronouns: null,
    Email: "Invalid email address",
    "Phone Number": "Phone number must be 10 digits long and contain no dashes",
    "Confirm Phone Number": null,
    Password: "Password must be at least 7 characters long",
    "Confirm Password": null,
  });
  expect(await page.getByText("10 digits, no dashes", { exact: true }).isVisible()).toBe(true);
  await screen(page, "registration-blur", false); // a part of the all-errors state scanned below

  // An error shown goes as soon as the value is right.
  await field(page, "Email").fill("rosa@example.org");
  expect(await errorOf(page, "Email")).toBeNull();

  await fill(page, { "Confirm Phone Number": "5550000000", "Confirm Password": "different" });
  await page.getByRole("button", { name: "Register", exact: true }).click();
  expect(await shownErrors(page)).toEqual({
    "Full Name": "Please enter your full name",
    Username: "Choose a username and password!",
    Pronouns: null,
    Email: null,
    "Phone Number": "Phone number must be 10 digits long and contain no dashes",
    "Confirm Phone Number": "Phone numbers do not match",
    Password: "Password must be at least 7 characters long",
    "Confirm Password": "Passwords do not match",
  });
  expect(await field(page, "Full Name").evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await page.getByRole("dialog").count()).toBe(0);
  // The unticked consent box is in error at the same time, tied to its message, which looks like every field's.
  expect(await consentError(page)).toEqual({ invalid: "true", text: "Please read the privacy notice and tick the box to agree.", sameLook: true });
  await screen(page, "registration-errors");

  // With the fields right, the box alone is in error and gets the focus; ticking it clears its error.
  await fill(page, valid("consenting"));
  await page.getByRole("button", { name: "Register", exact: true }).click();
  expect((await consentError(page)).invalid).toBe("true");
  expect(await page.getByRole("checkbox", { name: /privacy notice/ }).evaluate((box) => box === document.activeElement)).toBe(true);
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  expect(await consentError(page)).toEqual({ invalid: null, text: null, sameLook: false });

  // The server's uniqueness message sits under the username, which gets the focus.
  await fill(page, { ...valid("x"), Username: ADMIN.username, Email: "someone-new@example.org" });
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await page.locator('input[name="username"][aria-invalid="true"]').waitFor();
  expect(await errorOf(page, "Username")).toBe("That username is already taken");
  expect(await field(page, "Username").evaluate((input) => input === document.activeElement)).toBe(true);
  expect(await page.locator('[aria-invalid="true"]').count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

test("the photo dialog on a phone: no error before an attempt, the message after one, portrait preview, Retake back to the camera, then /user and the toast", async () => {
  const { page, problems, context } = await openPage(browser, server.url, PHONE);
  page.setDefaultTimeout(10_000);
  const username = `rosa_${Date.now().toString(36)}`;
  await page.goto("/registration");
  await fill(page, valid(username));
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Register", exact: true }).click();

  const dialog = page.getByRole("dialog", { name: "Add a clear photo of your face" });
  await dialog.getByText("This photo is for internal identification only and is not shared publicly.").waitFor();
  const submit = dialog.getByRole("button", { name: "Submit Photo and Register" });
  // No error before an attempt; pressed without a photo, the spec's message appears.
  expect(await dialog.getByText("Please upload a photo", { exact: true }).count()).toBe(0);
  await submit.click();
  await dialog.getByRole("alert").filter({ hasText: "Please upload a photo" }).waitFor();
  for (const input of await page.locator('input[type="file"]').all()) expect(await input.isVisible()).toBe(false);
  expect(await dialog.getByRole("button", { name: "Choose a photo" }).isVisible()).toBe(true);
  await screen(page, "registration-photo");

  await dialog.getByRole("button", { name: "Take a Selfie" }).click();
  const camera = dialog.getByLabel("Camera preview");
  await camera.waitFor();
  expect(portrait(await camera.boundingBox())).toBe(0.75);
  await dialog.getByRole("button", { name: "Capture photo" }).click({ timeout: 20_000 });
  const photo = dialog.getByRole("img", { name: "Your verification photo" });
  await photo.waitFor();
  expect(portrait(await photo.boundingBox())).toBe(0.75);
  // What is sent is the portrait the frame showed, not the camera's landscape frame.
  await page.waitForFunction(() => (document.querySelector('img[alt="Your verification photo"]') as HTMLImageElement | null)?.naturalWidth);
  expect(await photo.evaluate((image: HTMLImageElement) => Math.round((image.naturalWidth / image.naturalHeight) * 100) / 100)).toBe(0.75);
  expect(await submit.isEnabled()).toBe(true);
  expect(await dialog.getByText("Please upload a photo", { exact: true }).count()).toBe(0);
  await screen(page, "registration-photo-taken", false); // a photo in the frame: scanned on the laptop

  await dialog.getByRole("button", { name: "Retake" }).click();
  await camera.waitFor();
  expect(await photo.count()).toBe(0);
  expect(await dialog.getByText("Please upload a photo", { exact: true }).count()).toBe(0); // a retake is no mistake
  await screen(page, "registration-photo-camera");
  await dialog.getByRole("button", { name: "Capture photo" }).click({ timeout: 20_000 });
  await photo.waitFor();
  await submit.click();

  await page.waitForURL("**/user");
  const toast = page.getByRole("status").filter({ hasText: "New User Created!" });
  await toast.waitFor();
  await page.getByRole("heading", { name: username }).waitFor();
  // The toast stays clear of the briefing's Play button, and above the briefing's dialog, not under it.
  const play = page.getByRole("button", { name: "Play video" });
  await play.waitFor();
  const [toastBox, playBox] = [(await toast.boundingBox())!, (await play.boundingBox())!];
  const overlaps = toastBox.x < playBox.x + playBox.width && playBox.x < toastBox.x + toastBox.width && toastBox.y < playBox.y + playBox.height && playBox.y < toastBox.y + toastBox.height;
  expect(overlaps).toBe(false);
  // On top: hit-testing at its centre finds it (it lets taps through, so it is made hittable for the look).
  await toast.evaluate((element) => element.parentElement!.style.setProperty("pointer-events", "auto"));
  const centre = { x: toastBox.x + toastBox.width / 2, y: toastBox.y + toastBox.height / 2 };
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("[role=status]")?.textContent ?? "", centre)).toContain("New User Created!");
  await screen(page, "registration-toast-over-briefing", false);
  expect(problems).toEqual([]);
  await context.close();
});

test("the photo dialog on a laptop: a chosen file in the frame, its actions in view, Retake to choose again, the camera", async () => {
  const { page, problems, context } = await openPage(browser, server.url, LAPTOP);
  page.setDefaultTimeout(10_000);
  await page.goto("/registration");
  await screen(page, "registration", false);
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Register", exact: true }).click();
  expect(await errorOf(page, "Username")).toBe("Choose a username and password!");
  await screen(page, "registration-errors", false); // scanned on the phone

  await fill(page, valid(`fern_${Date.now().toString(36)}`));
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Register", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add a clear photo of your face" });
  const submit = dialog.getByRole("button", { name: "Submit Photo and Register" });
  await submit.waitFor();
  await screen(page, "registration-photo", false);

  await chooseFile(page, dialog.getByRole("button", { name: "Choose a photo" }), path.join(FIXTURES, "photo.jpg"));
  const photo = dialog.getByRole("img", { name: "Your verification photo" });
  await photo.waitFor();
  expect(portrait(await photo.boundingBox())).toBe(0.75);
  const box = await submit.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(LAPTOP.height);
  expect(await submit.isEnabled()).toBe(true);
  await screen(page, "registration-photo-chosen");

  await dialog.getByRole("button", { name: "Retake" }).click();
  await dialog.getByRole("button", { name: "Choose a photo" }).waitFor();
  await photo.waitFor({ state: "detached" }); // the chosen photo leaves the frame
  expect(await dialog.getByText("Please upload a photo", { exact: true }).count()).toBe(0);

  await dialog.getByRole("button", { name: "Take a Selfie" }).click();
  await dialog.getByRole("button", { name: "Capture photo" }).click({ trial: true, timeout: 20_000 }); // enabled: the camera runs
  expect(portrait(await dialog.getByLabel("Camera preview").boundingBox())).toBe(0.75);
  await screen(page, "registration-photo-camera", false);
  await dialog.getByRole("button", { name: "Close camera" }).click();
  await dialog.getByRole("button", { name: "Take a Selfie" }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
