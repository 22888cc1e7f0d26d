/**
 * TLS=self-signed as a phone at the venue meets it: the page is a secure context (so camera and microphone are
 * offered), and logging in works with the Secure session cookie. The browser reaches the server under a name that is
 * not loopback (localhost and 127.0.0.1 are secure contexts even over plain http, so they would prove nothing).
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { ADMIN, startTestServer, type TestServer } from "../support/server";
import { launchBrowser, openPage, PHONE, shot } from "./browser";

setDefaultTimeout(60_000);

const VENUE_NAME = "casefile.venue";
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ TLS: "self-signed" });
  browser = await launchBrowser([`--host-resolver-rules=MAP ${VENUE_NAME} 127.0.0.1`]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("over https:// with TLS=self-signed the page is a secure context and the login sets a Secure cookie that works", async () => {
  expect(server.url).toStartWith("https://");
  const base = `https://${VENUE_NAME}:${new URL(server.url).port}`;
  // A phone's "continue anyway" after the one warning; the certificate's names are checked in src/tls/https.test.ts.
  const { context, page, problems } = await openPage(browser, base, PHONE, { ignoreHTTPSErrors: true });
  await page.goto("/login");
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  expect(await page.evaluate(() => typeof navigator.mediaDevices?.getUserMedia)).toBe("function");

  await page.getByLabel("Username or Email").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/(admin|user)$/); // an admin who has watched the video lands on the console
  const session = (await context.cookies()).find((cookie) => cookie.name === "casefile_session");
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", domain: VENUE_NAME });
  // The browser sends it back: the app knows who is logged in after a reload.
  await page.reload();
  expect(await page.evaluate(async () => (await fetch("/api/user")).status)).toBe(200);
  await shot(page, "https-self-signed-logged-in");
  expect(problems).toEqual([]);
  await context.close();
});
