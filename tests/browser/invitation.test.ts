/**
 * The printable invitation (admins only): the public address as uqr's QR code, the project name and three steps;
 * printed, it is one A4 or Letter page with nothing of the app around it.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { renderSVG } from "uqr";
import { newParticipant } from "../support/client";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";

setDefaultTimeout(90_000);

const PUBLIC_URL = "https://evidence.example.org/";
let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started), { PUBLIC_URL, PROJECT_NAME: "Harbour Lights" });

async function loginAsAdmin(page: Page) {
  expect((await page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } })).status()).toBe(200);
  // The onboarding video's gate is the participant tests' business.
  const me = (await (await page.request.get("/api/user")).json()) as { id: number };
  expect((await page.request.put(`/api/user/watched/${me.id}`)).status()).toBe(200);
}

/** The geometry of the QR code on the page must be the one uqr draws for the address (what a phone then decodes). */
async function expectQrFor(page: Page, url: string) {
  const qr = page.getByRole("img", { name: `QR code for ${url}` });
  const drawn = await qr.locator("svg path").getAttribute("d");
  const expected = /<path [^>]*d="([^"]+)"/.exec(renderSVG(url, { ecc: "M", border: 4 }))![1];
  expect(drawn).toBe(expected);
}

test("an admin opens the invitation from Administration: the QR code carries PUBLIC_URL, with the project name and the steps", async () => {
  const { context, page, problems } = await openPage(browser, server.url, LAPTOP);
  await loginAsAdmin(page);
  await page.goto("/admin");
  await page.getByRole("heading", { name: "Administration" }).waitFor();
  await shot(page, "admin-invitation-entry");
  await page.getByRole("link", { name: "Invitation" }).click();
  await page.waitForURL(/\/admin\/invitation$/);
  const sheet = page.getByRole("article", { name: "Invitation to print" });
  await sheet.getByRole("heading", { name: "Harbour Lights" }).waitFor();
  await expectQrFor(page, PUBLIC_URL);
  expect(await sheet.textContent()).toContain(PUBLIC_URL);
  expect(await sheet.getByRole("listitem").allTextContents()).toEqual([
    "1Join the venue's Wi-Fi.",
    "2Point your phone's camera at the code and open the link, or type the address above.",
    "3Tap Register to create your account, then send your evidence from your phone.",
  ]);
  await page.getByLabel("Wi-Fi network (optional)").fill("Harbour-Guests");
  await page.getByLabel("Wi-Fi password (optional)").fill("lights2026");
  expect(await sheet.getByRole("listitem").first().textContent()).toBe("1Join the Wi-Fi network Harbour-Guests (password lights2026).");
  // PUBLIC_URL is https: no warning above the sheet.
  expect(await page.getByRole("alert").count()).toBe(0);
  await expectNoSeriousA11yViolations(page, "invitation");
  await shot(page, "invitation");

  // Printed: only the sheet, on one page of A4 and of Letter.
  await page.emulateMedia({ media: "print" });
  expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
  expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
  expect(await page.getByLabel("Wi-Fi network (optional)").isVisible()).toBe(false);
  expect(await sheet.isVisible()).toBe(true);
  expect(await page.getByRole("img", { name: `QR code for ${PUBLIC_URL}` }).isVisible()).toBe(true);
  await shot(page, "invitation-print");
  for (const format of ["A4", "Letter"]) {
    const pdf = Buffer.from(await page.pdf({ format, printBackground: true })).toString("latin1");
    expect({ format, pages: pdf.match(/\/Type\s*\/Page[^s]/g)?.length }).toEqual({ format, pages: 1 });
  }
  await page.emulateMedia({ media: "screen" });
  expect(problems).toEqual([]);
  await context.close();
});

test("on a phone, without PUBLIC_URL, the code carries the address the admin is using and warns that localhost works only there", async () => {
  const local = await startTestServer();
  try {
    const { context, page, problems } = await openPage(browser, local.url, PHONE);
    await loginAsAdmin(page);
    await page.goto("/admin/invitation");
    const here = `${local.url}/`;
    await page.getByRole("img", { name: `QR code for ${here}` }).waitFor();
    await expectQrFor(page, here);
    expect(await page.getByRole("alert").textContent()).toStartWith("This address works only on this computer.");
    await expectNoSeriousA11yViolations(page, "invitation-phone");
    await shot(page, "invitation");
    expect(problems).toEqual([]);
    await context.close();
  } finally {
    await local.stop();
  }
});

test("a participant cannot open the invitation, and /home loads none of its code", async () => {
  const { context, page } = await openPage(browser, server.url, PHONE);
  const scripts: string[] = [];
  // A script still arriving when the context closes has no text any more: it is not one /home loaded.
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) response.text().then((code) => scripts.push(code), () => {});
  });
  await page.goto("/home");
  await page.getByRole("link", { name: "Register" }).first().waitFor();
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  // uqr's SVG template is in the invitation's lazy chunk only.
  expect(scripts.filter((code) => code.includes('xmlns="http://www.w3.org/2000/svg" viewBox='))).toEqual([]);

  const { actor } = await newParticipant(server.url);
  const [name, value] = actor.cookie.split("=");
  await context.addCookies([{ name: name!, value: value!, url: server.url }]);
  await page.goto("/admin/invitation");
  await page.waitForURL(/\/user$/);
  expect(await page.getByRole("article", { name: "Invitation to print" }).count()).toBe(0);
  await context.close();
});
