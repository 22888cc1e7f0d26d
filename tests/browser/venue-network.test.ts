/**
 * The capture queue on a phone (390×844) over the venue's Wi-Fi, played by the fault proxy between Chromium and the
 * real server: a reset mid-upload and a reload mid-upload resume from the server's offset (the proxy's byte count
 * shows the file did not cross the link twice) and the item arrives with the file's exact SHA-256. The stall is
 * venue-stall.test.ts; the full 20 MB video at 400 kbit/s is tests/network/slow-link.long.ts, run beside the suite.
 */
import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import type { UploadQueue } from "./pages/UploadQueue";
import { serverItems } from "./capture-support";
import { queueVideo, startVenueRig, type VenueRig } from "./venue-rig";

setDefaultTimeout(60_000);

let rig: VenueRig;
let phone: { page: Page; context: BrowserContext; problems: string[]; queue: UploadQueue } | undefined;

beforeAll(async () => {
  // 2 Mbit/s: slow enough to act mid-upload, fast enough that each test stays short.
  rig = await startVenueRig({ upBitsPerSecond: 2_000_000, videoBytes: 2 * 1024 * 1024, videoName: "gallery-clip.mp4" });
});

afterEach(async () => {
  await phone?.context.close();
  if (phone) expect(phone.problems).toEqual([]);
  phone = undefined;
});

afterAll(() => rig?.stop());

/** A fresh participant's phone that chose the video and pressed Upload Evidence; the bytes upstream before it. */
async function sending(title: string) {
  phone = await rig.phone();
  const start = rig.proxy.stats().up;
  await queueVideo(phone.page, title, rig.video);
  return { page: phone.page, start };
}

async function expectArrivedIntact(title: string) {
  await phone!.queue.waitFor(title, "done", 30_000);
  await phone!.queue.row(title).getByText("Arrived intact").waitFor();
  const items = await serverItems(phone!.page);
  expect(items.map((item) => [item.title, item.media?.sha256])).toEqual([[title, rig.video.sha256]]);
}

describe("capture queue over the venue's Wi-Fi (phone)", () => {
  test("a reset mid-upload resumes from the server's offset and arrives intact", async () => {
    const { start } = await sending("Reset clip");
    await rig.proxy.forwarded("up", start + rig.video.size / 3);

    rig.proxy.reset();
    await expectArrivedIntact("Reset clip");
    // Starting over would have sent at least 1.33 × the file; resuming sends it once plus what the reset cut short.
    expect(rig.proxy.stats().up - start).toBeLessThan(rig.video.size * 1.25);
  });

  test("a reload mid-upload resumes from the stored offset and completes", async () => {
    const { page, start } = await sending("Reloaded clip");
    await rig.proxy.forwarded("up", start + rig.video.size * 0.6);

    // Leaving with an unsent item asks first; the participant reloads anyway.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    const offsetsAfterReload: number[] = [];
    let reloading = false;
    page.on("request", (request) => {
      if (reloading && request.method() === "PATCH") offsetsAfterReload.push(Number(request.headers()["upload-offset"]));
    });
    reloading = true;
    await page.reload();
    expect(asked).toEqual(["beforeunload"]);
    await expectArrivedIntact("Reloaded clip");
    // The reloaded page asked the server where the upload stood and went on from there, never from byte 0 …
    expect(offsetsAfterReload.every((offset) => offset > 0)).toBe(true);
    // … so the link carried the file about once (twice would be ≥ 1.6 × its size here).
    expect(rig.proxy.stats().up - start).toBeLessThan(rig.video.size * 1.35);
  });
});
