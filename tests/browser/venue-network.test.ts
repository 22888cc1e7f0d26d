/**
 * The capture queue on a phone (390×844) over the venue's Wi-Fi, played by the fault proxy between Chromium and the
 * real server: a frozen link shows "Connection lost, will continue" with Retry and Cancel, and Retry after the thaw
 * finishes the item; a reset mid-upload and a reload mid-upload resume from the server's offset (the proxy's byte
 * count shows the file did not go twice) and the item arrives with the file's exact SHA-256. The full 20 MB video at
 * 400 kbit/s is tests/network/slow-link.long.ts, run beside the main suite.
 */
import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import path from "node:path";
import { participantOnPhone, queueRow, rowInState, sendFile, storedItem, type PhonePage } from "./pages/upload-queue";
import { ISSUE_SCREENSHOTS, startVenueRig, type VenueRig } from "./venue-rig";

setDefaultTimeout(60_000);

let rig: VenueRig;
let phone: PhonePage | undefined;

beforeAll(async () => {
  // 2 Mbit/s: slow enough to act mid-upload, fast enough that each test stays short.
  rig = await startVenueRig({ upBitsPerSecond: 2_000_000, videoBytes: 2 * 1024 * 1024, videoName: "gallery-clip.mp4" });
});

afterEach(async () => {
  rig.proxy.thaw();
  await phone?.context.close();
  if (phone) expect(phone.problems).toEqual([]);
  phone = undefined;
});

afterAll(() => rig?.stop());

/** A fresh participant's phone that chose the video and pressed Upload Evidence; the bytes upstream so far. */
async function sending(title: string) {
  phone = await participantOnPhone(rig.browser, rig.server.url, rig.proxy.url);
  const start = rig.proxy.stats().up;
  await sendFile(phone.page, rig.video.path, title);
  await phone.page.waitForURL("**/Evidence");
  return { page: phone.page, row: queueRow(phone.page, title), start };
}

async function expectArrivedIntact(title: string) {
  const row = queueRow(phone!.page, title);
  await rowInState(row, "done", 30_000);
  await row.getByText("Arrived intact").waitFor();
  const items = await storedItem(phone!.participant, title);
  expect(items).toHaveLength(1);
  expect(items[0]!.media).toMatchObject({ size: rig.video.size, sha256: rig.video.sha256 });
}

describe("capture queue over the venue's Wi-Fi (phone)", () => {
  test("a frozen link shows the stall with Retry and Cancel; Retry after the thaw finishes the item", async () => {
    const { page, row, start } = await sending("Stalled clip");
    await rig.proxy.forwarded("up", start + rig.video.size / 4);

    rig.proxy.freeze();
    await rowInState(row, "stalled", 30_000);
    await row.getByText("Connection lost, will continue").waitFor();
    await row.getByTestId("queue-row-retry").waitFor();
    await row.getByTestId("queue-row-cancel").waitFor();
    await page.screenshot({ path: path.join(ISSUE_SCREENSHOTS, "queue-stalled-390.png") });

    rig.proxy.thaw();
    await row.getByTestId("queue-row-retry").click();
    await rowInState(row, "sending", 15_000);
    await page.screenshot({ path: path.join(ISSUE_SCREENSHOTS, "queue-resumed-390.png") });
    await expectArrivedIntact("Stalled clip");
    await page.screenshot({ path: path.join(ISSUE_SCREENSHOTS, "queue-arrived-390.png") });
  });

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
    await page.reload();
    expect(asked).toEqual(["beforeunload"]);
    await expectArrivedIntact("Reloaded clip");
    // The whole file twice would be ≥ 1.6 × its size here.
    expect(rig.proxy.stats().up - start).toBeLessThan(rig.video.size * 1.35);
  });
});
