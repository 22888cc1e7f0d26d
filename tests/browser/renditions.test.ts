/**
 * Every file plays for every viewer (issue 21): an iPhone's HEIC photo and HEVC video, which Chromium on Linux can
 * neither show nor play, open in the public archive's viewer through the server's copies; before a copy exists the
 * viewer and the owner's dialog say one is being prepared instead of showing a broken picture.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { adminActor, type Actor, fixture, form, newParticipant } from "../support/client";
import { PHONE_CODECS, phoneVideo } from "../support/phone-video";
import { startTestServer, type TestServer } from "../support/server";
import { LAPTOP, launchBrowser, openPage, PHONE, shot } from "./browser";
import { signInWatched } from "./signIn";

setDefaultTimeout(90_000);

let browser: Browser;
let server: TestServer;
let admin: Actor;
let informant: Awaited<ReturnType<typeof newParticipant>>;
let photoId: number;
let videoId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer({ RENDITION_JOBS: "1" });
  admin = await adminActor(server.url);
  informant = await newParticipant(server.url);
  photoId = await publish("Harbour at dusk, the lamp above the ticket window", await fixture("gps/photo.heic"));
  videoId = await publish("The ferry leaving early", await phoneVideo("IMG_0001.MOV", PHONE_CODECS.hevc, "640x360"));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function publish(title: string, file: File): Promise<number> {
  const created = await informant.actor.post("/api/evidence", form({ title }, { file }));
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await admin.put(`/api/evidence/clearance/${id}`);
  return id;
}

/** Waits until the public item carries a display copy. */
async function displayOf(id: number): Promise<string> {
  for (let tries = 0; tries < 300; tries++) {
    const item = (await (await fetch(`${server.url}/api/evidence/public/${id}`)).json()) as { renditions: { kind: string; url: string }[] };
    const display = item.renditions.find((r) => r.kind === "display");
    if (display) return display.url;
    await Bun.sleep(200);
  }
  throw new Error(`no display copy of item ${id}`);
}

test("a HEIC photo shows in Chromium from its JPEG copy; HEVC, ProRes and Motion-JPEG videos play from H.264 copies with posters", async () => {
  const others = [await publish("ProRes from the festival camera", await phoneVideo("A001.mov", PHONE_CODECS.prores)), await publish("Motion-JPEG from an old camera", await phoneVideo("MVI_0001.mov", PHONE_CODECS.mjpeg))];
  const photoCopy = await displayOf(photoId);
  const videoCopy = await displayOf(videoId);
  for (const id of others) await displayOf(id);

  for (const size of [PHONE, LAPTOP]) {
    const { context, page, problems } = await openPage(browser, server.url, size);
    await page.goto(`/archive/${photoId}`);
    const photo = page.getByRole("img", { name: /^Photo: Harbour at dusk/ });
    await photo.waitFor();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await photo.elementHandle());
    expect(await photo.getAttribute("src")).toBe(photoCopy);
    await shot(page, "renditions-heic-viewer");

    await page.goto(`/archive/${videoId}`);
    const video = page.getByLabel("Video: The ferry leaving early");
    await video.waitFor();
    expect(await video.getAttribute("src")).toBe(videoCopy);
    expect(await video.getAttribute("poster")).toMatch(/\/poster$/);
    // Chromium plays an HEVC original's sound over black with no error: the picture's width is what tells.
    expect(await playable(video)).toEqual({ seconds: expect.closeTo(2, 0), width: 640 });
    await shot(page, "renditions-hevc-viewer");
    for (const id of others) {
      await page.goto(`/archive/${id}`);
      const other = page.getByLabel(/^Video: /);
      await other.waitFor();
      expect(await other.getAttribute("src")).toMatch(/\/display$/);
      expect(await playable(other)).toEqual({ seconds: expect.closeTo(2, 0), width: 320 });
    }
    expect(problems).toEqual([]);
    await context.close();
  }
});

test("before its copy exists, the archive viewer and the owner's dialog say it is being prepared, not a broken picture", async () => {
  await displayOf(photoId);
  await displayOf(videoId);
  const preparing = (page: Page) => page.getByRole("status").filter({ hasText: "Preparing a copy your browser can play…" });
  for (const size of [PHONE, LAPTOP]) {
    // The public archive does not say a file's type: the HEIC fails to load, the HEVC loads with no picture.
    const visitor = await openPage(browser, server.url, size, { serviceWorkers: "block" });
    await asIfStillPreparing(visitor.page, "**/api/evidence/public**");
    for (const id of [photoId, videoId]) {
      await visitor.page.goto(`/archive/${id}`);
      await preparing(visitor.page).waitFor();
      expect(await visitor.page.getByRole("img", { name: /^Photo: / }).count()).toBe(0);
      expect(await visitor.page.getByLabel(/^Video: /).count()).toBe(0);
    }
    await shot(visitor.page, "renditions-preparing-viewer");
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    // The owner's list carries the type: the line shows at once, the original is not even asked for.
    const owner = await openPage(browser, server.url, size, { serviceWorkers: "block" });
    await signInWatched(owner.page, informant.fields.username, informant.fields.password);
    await asIfStillPreparing(owner.page, "**/api/evidence");
    const own = (await (await informant.actor.get("/api/evidence")).json()) as { aws_url: string }[];
    const originals: string[] = [];
    owner.page.on("request", (request) => {
      if (own.some((item) => request.url().endsWith(item.aws_url))) originals.push(request.url());
    });
    await owner.page.goto("/Evidence");
    for (const title of [/^Harbour at dusk/, /^The ferry leaving early/]) {
      await owner.page.getByRole("list", { name: "Evidence items" }).getByRole("button", { name: title }).click();
      const detail = owner.page.getByRole("dialog", { name: "Evidence" });
      await preparing(owner.page).waitFor();
      if (size === LAPTOP) await shot(owner.page, "renditions-preparing-dialog");
      await detail.getByRole("button", { name: "Close" }).first().click();
      await detail.waitFor({ state: "detached" });
    }
    expect(originals).toEqual([]);
    expect(owner.problems).toEqual([]);
    await owner.context.close();
  }
});

/** Answers the page's evidence lists and items as the server did before the copies were made: none yet, in the making. */
async function asIfStillPreparing(page: Page, url: string) {
  type Item = { renditions?: { kind: string }[]; renditions_preparing?: boolean };
  const unmade = (item: Item): Item => ({ ...item, renditions: item.renditions?.filter((r) => r.kind !== "display"), renditions_preparing: true });
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Item | Item[];
    await route.fulfill({ response, json: Array.isArray(body) ? body.map(unmade) : unmade(body) });
  });
}

/** Loads a <video> and resolves with its duration and picture width once it can play (rejects on a media error). */
function playable(video: Locator): Promise<{ seconds: number; width: number }> {
  return video.evaluate(
    (element) =>
      new Promise<{ seconds: number; width: number }>((resolve, reject) => {
        const v = element as HTMLVideoElement;
        const done = () => resolve({ seconds: v.duration, width: v.videoWidth });
        if (v.readyState >= 3) return done();
        v.addEventListener("canplay", done, { once: true });
        v.addEventListener("error", () => reject(new Error(`video error ${v.error?.code}`)), { once: true });
        v.preload = "auto";
        v.load();
      }),
  );
}
