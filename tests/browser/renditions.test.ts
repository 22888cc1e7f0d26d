/**
 * Every file plays for every viewer (issue 21): an iPhone's HEIC photo and HEVC video, which Chromium on Linux can
 * neither show nor play, open in the public archive's viewer through the server's copies; before a copy exists the
 * viewer says it is being prepared instead of showing a broken picture.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser, Locator } from "playwright-core";
import { adminActor, type Actor, fixture, form, newParticipant } from "../support/client";
import { PHONE_CODECS, phoneVideo } from "../support/phone-video";
import { startTestServer, type TestServer } from "../support/server";
import { LAPTOP, launchBrowser, openPage, PHONE, shot } from "./browser";

setDefaultTimeout(90_000);

let browser: Browser;
let server: TestServer;
let admin: Actor;
let informant: Awaited<ReturnType<typeof newParticipant>>;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer({ RENDITION_JOBS: "1" });
  admin = await adminActor(server.url);
  informant = await newParticipant(server.url);
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
  const photoId = await publish("Harbour at dusk, the lamp above the ticket window", await fixture("gps/photo.heic"));
  const videoId = await publish("The ferry leaving early", await phoneVideo("IMG_0001.MOV", PHONE_CODECS.hevc, "640x360"));
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
    expect(await playableSeconds(video)).toBeCloseTo(2, 0);
    await shot(page, "renditions-hevc-viewer");
    for (const id of others) {
      await page.goto(`/archive/${id}`);
      const other = page.getByLabel(/^Video: /);
      await other.waitFor();
      expect(await other.getAttribute("src")).toMatch(/\/display$/);
      expect(await playableSeconds(other)).toBeCloseTo(2, 0);
    }
    expect(problems).toEqual([]);
    await context.close();
  }
});

/** Loads a <video> and resolves with its duration once it can play (rejects on a media error). */
function playableSeconds(video: Locator): Promise<number> {
  return video.evaluate(
    (element) =>
      new Promise<number>((resolve, reject) => {
        const v = element as HTMLVideoElement;
        if (v.readyState >= 3) return resolve(v.duration);
        v.addEventListener("canplay", () => resolve(v.duration), { once: true });
        v.addEventListener("error", () => reject(new Error(`video error ${v.error?.code}`)), { once: true });
        v.preload = "auto";
        v.load();
      }),
  );
}
