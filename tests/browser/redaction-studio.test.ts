/**
 * Issue 46's studio at 1280×800 and 390×844, with real faces (tests/support/faces.ts) and the real detector: a photo
 * with two faces → both proposed, one removed and drawn again by hand, saved, checked, published, and a visitor sees
 * the redacted copy and the line saying so; a video with a moving face → its region follows it (keyframes), published;
 * a recording with the voice disguised. Screenshots in /tmp/shots46 (the phone's studio also in Arabic).
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdir } from "node:fs/promises";
import type { Browser, Locator, Page } from "playwright-core";
import { adminActor, type Actor, form, newParticipant, type Participant } from "../support/client";
import { movingFaceVideo, twoFacesPhoto, voiceRecording } from "../support/faces";
import { ADMIN, type TestServer } from "../support/server";
import { expectNoSeriousA11yViolations } from "./axe";
import { LAPTOP, openPage, PHONE } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { showLanguage } from "./tour/pseudo";

// The detector runs on the CPU backend in headless Chromium: a video's samples take minutes on a busy machine.
setDefaultTimeout(900_000);

const SHOTS = "/tmp/shots46";
let server: TestServer;
let browser: Browser;
let participant: Participant;
let admin: Actor;

serverAndBrowser((started) => ({ server, browser } = started), { QUOTA_UPLOADS_PER_HOUR: "1000", RENDITION_JOBS: "1" });

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  participant = await newParticipant(server.url, { full_name: "Ines Okafor" });
  admin = await adminActor(server.url);
});

async function post(title: string, file: string, name: string, type: string): Promise<number> {
  const bytes = new File([await Bun.file(file).arrayBuffer()], name, { type });
  const response = await participant.actor.post("/api/evidence", form({ title, notes: "Filmed from the stalls during the interval." }, { file: bytes }));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** Waits until the locator matches exactly `count` elements. */
async function countIs(locator: Locator, count: number, timeout = 30_000) {
  const end = Date.now() + timeout;
  while ((await locator.count()) !== count) {
    if (Date.now() > end) throw new Error(`expected ${count} of ${locator}, found ${await locator.count()}`);
    await Bun.sleep(250);
  }
}

async function snap(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

async function openStudio(viewport: typeof LAPTOP, id: number) {
  const opened = await openPage(browser, server.url, viewport);
  opened.page.setDefaultTimeout(30_000);
  await opened.page.request.post("/api/user/login", { data: { usernameOrEmail: ADMIN.username, password: ADMIN.password } });
  await opened.page.goto(`/admin/evidence/${id}/redact`);
  await opened.page.waitForURL(`**/admin/evidence/${id}/redact`);
  return opened;
}

const publicItem = async (id: number) =>
  ((await (await fetch(`${server.url}/api/evidence/public`)).json()) as { id: number; aws_url: string; redacted?: { picture: boolean; sound: boolean } }[]).find((item) => item.id === id);

/** Saves, waits for the copy and its check, and publishes from the studio ("Publish anyway" when a face is left). */
async function saveCheckPublish(page: Page) {
  await page.getByRole("button", { name: "Save the redaction" }).click();
  await page.locator("[data-redaction-status='done'], [data-redaction-status='failed']").waitFor({ timeout: 300_000 });
  if (await page.locator("[data-redaction-status='failed']").isVisible()) throw new Error("the redaction job failed");
  const publish = page.getByRole("button", { name: "Make public" });
  const anyway = page.getByRole("button", { name: "Publish anyway" });
  await publish.or(anyway).first().waitFor({ timeout: 600_000 });
  if (await anyway.isVisible()) await anyway.click();
  await publish.click();
  await page.getByText("The redacted copy is now public.").waitFor();
}

async function visitorSees(id: number, viewport: typeof LAPTOP, line: string, name: string) {
  const visitor = await openPage(browser, server.url, viewport);
  await visitor.page.goto(`/archive/${id}`);
  await visitor.page.getByText(line).waitFor({ timeout: 30_000 });
  await snap(visitor.page, `${name}-visitor`);
  expect(visitor.problems).toEqual([]);
  await visitor.context.close();
}

for (const viewport of [LAPTOP, PHONE]) {
  test(`${viewport.width}px: a photo's two faces are proposed; one removed and drawn by hand; saved, checked, published`, async () => {
    const id = await post(`Two faces in the foyer (${viewport.width})`, await twoFacesPhoto(), "faces.jpg", "image/jpeg");
    const { page, context, problems } = await openStudio(viewport, id);
    const proposed = page.locator("[data-region='proposed']");
    await countIs(proposed, 2, 300_000);
    await page.getByText("2 faces found and proposed.").waitFor();
    await snap(page, "photo-proposed");
    await expectNoSeriousA11yViolations(page, "redaction studio (photo)");

    // Where the second proposal is on screen; it is removed, then drawn again by hand there.
    const box = (await proposed.nth(1).boundingBox())!;
    await page.locator("[data-region-row='proposed']").nth(1).getByRole("button", { name: /^Remove/ }).click();
    await countIs(proposed, 1);
    await page.mouse.move(box.x - 4, box.y - 4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width + 4, box.y + box.height + 4, { steps: 4 });
    await page.mouse.up();
    await countIs(page.locator("[data-region='accepted']"), 1);
    await page.getByRole("button", { name: "Blur all faces" }).click();
    await countIs(page.locator("[data-region='accepted']"), 2);
    // Keyboard: the hand-drawn region moves right and back with the arrow keys.
    await page.getByRole("button", { name: "Region 2", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await snap(page, "photo-regions");

    await saveCheckPublish(page);
    await page.getByText("No face found in the redacted copy.").waitFor();
    await snap(page, "photo-published");
    const redactions = (await (await admin.get(`/api/evidence/${id}/redactions`)).json()) as { regions: unknown[]; passed: boolean; verification: { faces_found: number } };
    expect(redactions.regions).toHaveLength(2);
    expect(redactions.passed).toBe(true);
    expect(redactions.verification.faces_found).toBe(0);
    expect((await publicItem(id))?.redacted).toEqual({ picture: true, sound: false });
    // The desk marks it, and its redaction filter finds it.
    await page.goto(`/admin?redaction=passed`);
    await page.locator(".redaction-mark", { hasText: "Redacted" }).first().waitFor();
    await snap(page, "photo-desk");
    if (viewport === LAPTOP) {
      // Its viewer offers the studio again.
      await page.getByText(`Two faces in the foyer (${viewport.width})`).first().click();
      await page.getByRole("link", { name: "Redact", exact: true }).click();
      await page.waitForURL(`**/admin/evidence/${id}/redact`);
    }
    expect(problems).toEqual([]);
    await context.close();
    await visitorSees(id, viewport, "Faces blurred by the organisers", "photo");
  });
}

test("1280px: a video's moving face is tracked into a region with keyframes, published", async () => {
  const id = await post("The usher walking past the camera", await movingFaceVideo(), "usher.mp4", "video/mp4");
  const { page, context, problems } = await openStudio(LAPTOP, id);
  const rows = page.locator("[data-region-row='proposed']");
  await rows.first().waitFor({ timeout: 600_000 });
  await rows.first().getByText(/Follows the face: \d+ keyframes/).waitFor();
  await snap(page, "video-tracked");
  await page.getByRole("button", { name: "Blur all faces" }).click();
  // The region is where the face is at another time: half-way through, the player shows it over the face.
  await page.getByLabel(/^Time /).fill("3000");
  await page.waitForFunction(() => {
    const video = document.querySelector("video");
    return video !== null && Math.abs(video.currentTime - 3) < 0.05 && !video.seeking;
  });
  await snap(page, "video-at-3s");
  await saveCheckPublish(page);
  await snap(page, "video-published");
  const redactions = (await (await admin.get(`/api/evidence/${id}/redactions`)).json()) as { regions: { keyframes?: unknown[] }[]; verification: { faces_found: number } };
  expect(redactions.regions[0]!.keyframes!.length).toBeGreaterThan(3);
  // The tracked region hid the face in every sampled frame of the copy: the studio's own check found none.
  expect(redactions.verification.faces_found).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
  await visitorSees(id, LAPTOP, "Faces blurred by the organisers", "video");
});

test("390px: a recording's voice disguised over the whole recording, published; the studio in Arabic", async () => {
  const id = await post("What the steward said", await voiceRecording(), "steward.m4a", "audio/mp4");
  const { page, context, problems } = await openStudio(PHONE, id);
  await page.getByLabel("The whole recording").check();
  expect(await page.getByLabel("Effect on the whole recording").inputValue()).toBe("disguise");
  await snap(page, "audio-whole");
  await expectNoSeriousA11yViolations(page, "redaction studio (recording)");
  await saveCheckPublish(page);
  const redactions = (await (await admin.get(`/api/evidence/${id}/redactions`)).json()) as { audio: unknown[] };
  expect(redactions.audio).toEqual([{ effect: "disguise" }]);
  expect(problems).toEqual([]);
  await context.close();
  await visitorSees(id, PHONE, "Voice disguised by the organisers", "audio");

  const arabic = await openStudio(PHONE, id);
  await showLanguage(arabic.page, "ar");
  await arabic.page.screenshot({ path: `${SHOTS}/audio-ar-switched-390.png` });
  await arabic.page.getByText("استوديو الإخفاء").waitFor();
  await snap(arabic.page, "audio-ar");
  await arabic.context.close();
});
