/** Shared Playwright setup for the browser tests and the screenshot tour: Debian's Chromium with a fake camera and mic. */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from "playwright-core";

export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1280, height: 800 };

/** `extraArgs`: more Chromium switches, e.g. `--host-resolver-rules` to reach the server under a non-loopback name. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      "--autoplay-policy=no-user-gesture-required",
      // Chromium 150 (Debian bookworm's since late November) gives a reloaded document a new frame host that does not
      // inherit the context's offline emulation: navigator.onLine said true on a page reloaded offline, so every
      // "start offline" test saw an online phone. Phones are not affected (their navigator.onLine is the device's).
      "--disable-features=RenderDocument",
      ...extraArgs,
    ],
  });
}

/**
 * A fresh context (own cookies) at the given size that fails the test on page errors or CSP violations. `options`
 * adds context settings, e.g. `serviceWorkers: "block"` so that `route` sees every request of the page.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport = PHONE,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    ...options,
    baseURL,
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    permissions: ["camera", "microphone", "geolocation"],
    geolocation: { latitude: 40.71278, longitude: -74.00594 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/.test(message.text())) problems.push(message.text());
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL) && !/^(data|blob):/.test(request.url())) problems.push(`foreign request: ${request.url()}`);
  });
  return { context, page, problems };
}

/**
 * The requests of a page that have not finished, for a failure's message: a wait that times out says what the page
 * was still waiting on (a rare CI failure of the logout test could not be explained without it).
 */
export function requestsInFlight(page: Page): () => string[] {
  const pending = new Set<Request>();
  page.on("request", (request) => pending.add(request));
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => pending.delete(request));
  return () => [...pending].map((request) => `${request.method()} ${request.url()}`);
}

const SCREENSHOT_DIR = path.join(import.meta.dir, "../../screenshots");

/**
 * Saves a screenshot into screenshots/ (gitignored) named after the screen and the viewport width: the full page,
 * or just the viewport while a dialog is open (a full-page shot would stretch the fixed overlay).
 */
export async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const dialogOpen = (await page.getByRole("dialog").count()) > 0;
  // A sticky header would be drawn where the page happens to be scrolled to.
  if (!dialogOpen) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: !dialogOpen });
}
