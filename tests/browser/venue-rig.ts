/**
 * What the venue-network tests stand on: the real server, the fault proxy in front of it (the browser only ever
 * reaches the app through the proxy), Chromium, a padded MP4 of the size the test needs, and the participant's step
 * of sending it.
 */
import type { Browser, Page } from "playwright-core";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { paddedMp4, type PaddedVideo } from "../support/padded-video";
import { startTestServer, type TestServer } from "../support/server";
import { launchBrowser } from "./browser";
import { addChoice, participantPage } from "./capture-support";

export type VenueRig = {
  server: TestServer;
  proxy: FaultProxy;
  browser: Browser;
  video: PaddedVideo;
  /** A new participant's phone page, logged in, reaching the app through the proxy. */
  phone(): ReturnType<typeof participantPage>;
  stop(): Promise<void>;
};

export async function startVenueRig(options: { upBitsPerSecond: number; videoBytes: number; videoName: string }): Promise<VenueRig> {
  const server = await startTestServer();
  const proxy = await startFaultProxy(server.url, { up: options.upBitsPerSecond });
  const browser = await launchBrowser();
  const video = await paddedMp4(options.videoBytes, options.videoName);
  return {
    server,
    proxy,
    browser,
    video,
    phone: () => participantPage(browser, server, proxy.url),
    async stop() {
      await browser.close();
      await proxy.close();
      await server.stop();
      await video.remove();
    },
  };
}

/** From the list: Camera upload → Upload File with the video → title → Upload Evidence → back on the list. */
export async function queueVideo(page: Page, title: string, video: PaddedVideo) {
  await page.goto("/Evidence");
  await addChoice(page, "Camera upload");
  await page.getByLabel(/Upload File/).setInputFiles(video.path);
  await page.waitForURL(/\/evidence-details\?draft=/);
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Upload Evidence" }).click();
  await page.waitForURL("**/Evidence");
}
