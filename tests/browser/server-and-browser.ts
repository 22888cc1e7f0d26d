/** The usual start of a browser test file: its own real server and a Chromium, for all of its tests. */
import { afterAll, beforeAll } from "bun:test";
import type { Browser } from "playwright-core";
import { startTestServer, type TestServer } from "../support/server";
import { launchBrowser } from "./browser";

export type ServerAndBrowser = { server: TestServer; browser: Browser };

/**
 * Starts a fresh server (startTestServer with `env`) and Chromium side by side before the file's first test and stops
 * both after its last; `use` hands them to the file's variables. Should one fail to start, the other is stopped.
 */
export function serverAndBrowser(use: (started: ServerAndBrowser) => void, env?: Record<string, string>): void {
  let started: ServerAndBrowser | undefined;
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startTestServer(env), launchBrowser()]);
    if (server.status === "fulfilled" && browser.status === "fulfilled") {
      started = { server: server.value, browser: browser.value };
      use(started);
      return;
    }
    if (server.status === "fulfilled") await server.value.stop();
    if (browser.status === "fulfilled") await browser.value.close();
    throw server.status === "rejected" ? server.reason : (browser as PromiseRejectedResult).reason;
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.server.stop();
  });
}
