/**
 * Every file plays for every viewer (issue 21): an iPhone's HEIC photo and HEVC video, which Chromium on Linux can
 * neither show nor play, open in the public archive's viewer through the server's copies; before a copy exists the
 * viewer says it is being prepared instead of showing a broken picture.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { adminActor, type Actor, fixture, form, newParticipant } from "../support/client";
import { hevcVideo } from "../support/phone-video";
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

test("a HEIC photo shows in Chromium from its JPEG copy; an HEVC video plays from its H.264 copy with a poster", async () => {
  const photoId = await publish("Harbour at dusk, the lamp above the ticket window", await fixture("gps/photo.heic"));
  const videoId = await publish("The ferry leaving early", await hevcVideo("640x360", 2));
  const photoCopy = await displayOf(photoId);
  const videoCopy = await displayOf(videoId);

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
    const duration = await video.evaluate(
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
    expect(duration).toBeGreaterThan(1.8);
    expect(duration).toBeLessThan(2.3);
    await shot(page, "renditions-hevc-viewer");
    expect(problems).toEqual([]);
    await context.close();
  }
});

test("before its copy exists a HEIC photo says it is being prepared; with no copy coming, it offers the original", async () => {
  // A server that makes no copies itself (RENDITION_JOBS=0), as when another instance makes them: its job waits.
  const quiet = await startTestServer();
  try {
    const owner = await newParticipant(quiet.url);
    const created = await owner.actor.post("/api/evidence", form({ title: "Just sent from an iPhone" }, { file: await fixture("gps.heic") }));
    const { id, aws_url } = (await created.json()) as { id: number; aws_url: string };
    await (await adminActor(quiet.url)).put(`/api/evidence/clearance/${id}`);
    const mediaId = aws_url.split("/").pop()!;
    const now = new Date().toISOString();
    await quiet.ctx.db.$client.execute({ sql: "insert into jobs (kind, subject, run_after, created_at) values ('renditions', ?, ?, ?)", args: [mediaId, now, now] });

    const { context, page, problems } = await openPage(browser, quiet.url, PHONE);
    await page.goto(`/archive/${id}`);
    await page.getByRole("status").filter({ hasText: "Preparing a copy your browser can play…" }).waitFor();
    await shot(page, "renditions-preparing");

    await quiet.ctx.db.$client.execute({ sql: "update jobs set state = 'failed' where subject = ?", args: [mediaId] });
    await Bun.sleep(1100); // the public page's cache (1 s)
    await page.reload();
    const unavailable = page.getByRole("status").filter({ hasText: "This browser cannot show this file." });
    await unavailable.waitFor();
    expect(await unavailable.getByRole("link", { name: "Download the original" }).getAttribute("href")).toBe(aws_url);
    expect(problems).toEqual([]);
    await context.close();
  } finally {
    await quiet.stop();
  }
});
