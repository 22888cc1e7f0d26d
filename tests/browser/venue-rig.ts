/**
 * What the venue-network tests stand on: the real server, the fault proxy in front of it (the browser only ever
 * reaches the app through the proxy), Chromium, and a padded MP4 of the size the test needs.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { paddedMp4, type PaddedVideo } from "../support/padded-video";
import { startTestServer, type TestServer } from "../support/server";
import { launchBrowser } from "./browser";

/** Where the stall and resume screenshots are kept (committed, unlike screenshots/). */
export const ISSUE_SCREENSHOTS = path.join(import.meta.dir, "../../docs/screenshots/issue-8");

export type VenueRig = { server: TestServer; proxy: FaultProxy; browser: Browser; video: PaddedVideo; stop(): Promise<void> };

export async function startVenueRig(options: { upBitsPerSecond: number; videoBytes: number; videoName: string }): Promise<VenueRig> {
  const server = await startTestServer();
  const proxy = await startFaultProxy(server.url, { up: options.upBitsPerSecond });
  const browser = await launchBrowser();
  const video = await paddedMp4(options.videoBytes, options.videoName);
  await mkdir(ISSUE_SCREENSHOTS, { recursive: true });
  return {
    server,
    proxy,
    browser,
    video,
    async stop() {
      await browser.close();
      await proxy.close();
      await server.stop();
      await video.remove();
    },
  };
}
