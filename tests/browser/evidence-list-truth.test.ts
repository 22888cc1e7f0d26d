/**
 * My Evidence tells the truth through an offline spell (issue 20), in Chromium at 390×844 against the real server,
 * with the service worker in control: a reload without the network shows the list this phone last showed (not an
 * error, not an empty list); a note written offline is at once the list's first card, marked as waiting; when the
 * network is back the whole list is fetched again — with what another phone sent meanwhile — and the sent note is
 * first in "newest first", with its receipt; no stale "Could not load evidence!" is left on screen. Also: an edit says it was saved; a phone that starts offline and
 * remembers no list says when it will show (not "Loading…" for ever); a venue link that is reset while the list is
 * fetched (the phone still "online", so no event comes when it heals) gets the list back by itself, through the fault
 * proxy.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { Actor, form, newParticipant } from "../support/client";
import { startFaultProxy } from "../support/fault-proxy";
import { type TestServer } from "../support/server";
import { openPage, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { addChoice, participantPage } from "./capture-support";
import { signInWatched } from "./signIn";
import { UploadQueue } from "./pages/UploadQueue";

setDefaultTimeout(90_000);

let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));

const cardNames = (page: Page) => page.getByRole("list", { name: "Evidence items" }).getByRole("button").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""));
const lead = (page: Page, count: number) => page.getByText(`${count} items, newest first.`, { exact: true });
const loadFailed = (page: Page) => page.getByText("Could not load evidence!");

test("an offline spell keeps the list, then the whole list comes back with the sent note first and no stale error", async () => {
  const { page, context, problems } = await openPage(browser, server.url);
  page.setDefaultTimeout(15_000);
  const queue = new UploadQueue(page);
  const { fields } = await newParticipant(server.url);
  await signInWatched(page, fields.username, fields.password);
  for (const title of ["Bridge", "Harbour", "Ticket hall", "Night bus", "Market"]) {
    const sent = await page.request.post("/api/evidence", { multipart: { title, notes: `Seen at the ${title.toLowerCase()}.` } });
    expect(sent.status()).toBe(201);
  }
  await page.goto("/Evidence");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await lead(page, 5).waitFor();

  // Offline and reloaded: the phone's last list, no error in its place.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole("heading", { name: "My Evidence" }).waitFor();
  await lead(page, 5).waitFor();
  expect((await cardNames(page)).map((name) => name.split(" (")[0])).toEqual(["Market", "Night bus", "Ticket hall", "Harbour", "Bridge"]);
  expect(await loadFailed(page).count()).toBe(0);
  expect(await page.getByText("Your evidence did not load").count()).toBe(0);
  // The participant's own avatar is the one last shown (kept on this phone), not the placeholder.
  const avatar = page.getByRole("banner").getByRole("link", { name: "Profile" }).locator("img");
  await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete, await avatar.elementHandle());
  expect(await avatar.evaluate((img: HTMLImageElement) => ({ placeholder: img.src.endsWith("/default-avatar.svg"), drawn: img.naturalWidth > 1 }))).toEqual({ placeholder: false, drawn: true });

  await addChoice(page, "Notes upload");
  await page.waitForURL(/\/evidence-details\?draft=/);
  await page.getByLabel("Title").fill("Sent while offline");
  await page.getByLabel("Notes").fill("A note written with no network.");
  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.waitForURL("**/Evidence");
  await queue.waitFor("Sent while offline", "offline");
  await lead(page, 5).waitFor();
  // At once the list's first card (newest first), before the five the server has, and marked as waiting.
  const firstCard = () => page.getByRole("list", { name: "Evidence items" }).getByRole("listitem").first().getByTestId("queue-row");
  expect(await firstCard().getAttribute("data-title")).toBe("Sent while offline");
  expect(await firstCard().getByTestId("queue-row-state").textContent()).toBe("Waiting for the network");
  await shot(page, "list-truth-offline");
  // Its Cancel, focused (as a keyboard or a screen reader reaches it), scrolls above the tab bar, and a tap there reaches it.
  const cancelButton = firstCard().getByTestId("queue-row-cancel");
  await cancelButton.focus();
  const tabBar = (await page.getByRole("navigation", { name: "Tabs" }).boundingBox())!;
  const cancelBox = (await cancelButton.boundingBox())!;
  expect(cancelBox.y + cancelBox.height).toBeLessThanOrEqual(tabBar.y);
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-testid=queue-row-cancel]") !== null, { x: cancelBox.x + cancelBox.width / 2, y: cancelBox.y + cancelBox.height / 2 })).toBe(true);

  // Meanwhile the participant's other phone sends an item.
  const otherPhone = new Actor(server.url);
  expect((await otherPhone.login(fields.username, fields.password)).status).toBe(200);
  expect((await otherPhone.post("/api/evidence", form({ title: "From the other phone", notes: "Sent meanwhile." }))).status).toBe(201);

  await context.setOffline(false);
  await queue.waitFor("Sent while offline", "done");
  await lead(page, 7).waitFor();
  const names = (await cardNames(page)).map((name) => name.split(" (")[0]);
  expect(names).toEqual(["Sent while offline", "From the other phone", "Market", "Night bus", "Ticket hall", "Harbour", "Bridge"]);
  // The server's card took the waiting card's place, with the receipt on it.
  expect(await firstCard().getAttribute("data-state")).toBe("done");
  expect(await firstCard().getByTestId("queue-row-state").textContent()).toBe("Sent");
  expect(await loadFailed(page).count()).toBe(0);
  await shot(page, "list-truth-back-online");
  // The receipt leaves the card with one tap, the card stays.
  await page.getByRole("button", { name: "Clear finished" }).click();
  await queue.row("Sent while offline").waitFor({ state: "detached" });
  expect(await page.getByRole("heading", { name: "Uploads" }).count()).toBe(0);
  expect((await cardNames(page))[0]).toMatch(/^Sent while offline \(/);

  // An edit is confirmed, and the list shows the new title in the same place.
  await page.getByRole("button", { name: /^Market \(/ }).click();
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Title").fill("Market square");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("alert").filter({ hasText: 'Saved "Market square".' }).waitFor();
  expect((await cardNames(page)).map((name) => name.split(" (")[0])[2]).toBe("Market square");
  expect(problems.filter((problem) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|net::/.test(problem))).toEqual([]);
  await context.close();
});

test("a phone that starts offline and remembers no list says when it will show, then shows it", async () => {
  const { page, context, problems } = await openPage(browser, server.url);
  page.setDefaultTimeout(15_000);
  const { fields } = await newParticipant(server.url);
  await signInWatched(page, fields.username, fields.password);
  for (const title of ["Platform", "Stairs"]) expect((await page.request.post("/api/evidence", { multipart: { title, notes: "Seen." } })).status()).toBe(201);
  // Only the home screen was seen: the service worker is in control, no list is remembered on this phone.
  await page.goto("/");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  expect(await page.evaluate(() => localStorage.getItem("casefile:last-evidence"))).toBeNull();

  await context.setOffline(true);
  await page.goto("/Evidence");
  await page.getByText("Your evidence will show here when this phone is back online.").waitFor();
  expect(await page.getByText("Loading your evidence…").count()).toBe(0);
  expect(await loadFailed(page).count()).toBe(0);
  await shot(page, "list-truth-offline-unknown");

  await context.setOffline(false);
  await lead(page, 2).waitFor();
  expect(await page.getByText("Your evidence will show here when this phone is back online.").count()).toBe(0);
  expect(problems.filter((problem) => !/Failed to fetch|ERR_INTERNET_DISCONNECTED|net::/.test(problem))).toEqual([]);
  await context.close();
});

test("a list fetch cut by the venue link (the phone still online) says so once, then the list comes back by itself", async () => {
  const proxy = await startFaultProxy(server.url, {});
  try {
    const { page, context, problems } = await participantPage(browser, server, proxy.url);
    for (const title of ["Gate", "Kiosk", "Lift"]) expect((await page.request.post("/api/evidence", { multipart: { title, notes: "Seen." } })).status()).toBe(201);
    await page.goto("/Evidence");
    await lead(page, 3).waitFor();

    // The participant goes to Home and back to the list over a link that froze, then dropped every connection.
    proxy.freeze();
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    await tabs.getByRole("link", { name: "Home" }).click();
    await tabs.getByRole("link", { name: "Evidence" }).click();
    await page.waitForTimeout(300);
    await page.waitForFunction(() => navigator.onLine);
    for (let resets = 0; resets < 20 && (await loadFailed(page).count()) === 0; resets++) {
      proxy.reset();
      await page.waitForTimeout(250);
    }
    await loadFailed(page).first().waitFor();
    expect(await loadFailed(page).count()).toBe(1);
    expect((await cardNames(page)).length).toBe(3); // the list on screen stays
    await shot(page, "list-truth-link-cut");

    // The link heals with no event the page could see, and an item is sent meanwhile (not through this screen).
    proxy.thaw();
    expect((await page.request.post("/api/evidence", { multipart: { title: "After the cut", notes: "Sent meanwhile." } })).status()).toBe(201);
    await lead(page, 4).waitFor({ timeout: 20_000 });
    expect((await cardNames(page)).map((name) => name.split(" (")[0])[0]).toBe("After the cut");
    await loadFailed(page).waitFor({ state: "detached" });
    expect(problems.filter((problem) => !/Failed to fetch|ERR_|net::|Evidence fetch failed/.test(problem))).toEqual([]);
    await context.close();
  } finally {
    await proxy.close();
  }
});
