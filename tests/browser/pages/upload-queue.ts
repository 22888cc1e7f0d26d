/**
 * The capture queue as a participant meets it, for the venue-network tests: a logged-in phone page (the session
 * made through the API and copied into the browser), choosing a video and sending it, and the queue's rows with
 * their states (data-state on each row: waiting, sending, stalled, finishing, done, …).
 */
import type { Browser, Locator, Page } from "playwright-core";
import { newParticipant, type Participant } from "../../support/client";
import { openPage } from "../browser";

export type PhonePage = Awaited<ReturnType<typeof openPage>> & { participant: Participant };

/** A participant past the onboarding video, on a phone page at `baseUrl` (the fault proxy's address). */
export async function participantOnPhone(browser: Browser, serverUrl: string, baseUrl: string): Promise<PhonePage> {
  const participant = await newParticipant(serverUrl);
  const watched = await participant.actor.put(`/api/user/watched/${participant.user.id}`);
  if (watched.status !== 200) throw new Error(`marking the video watched failed: ${watched.status}`);
  const opened = await openPage(browser, baseUrl);
  const [name, value] = participant.actor.cookie.split("=") as [string, string];
  await opened.context.addCookies([{ name, value, url: baseUrl }]);
  return { ...opened, participant };
}

/** Chooses a file on the camera screen, titles it and presses Upload Evidence: the queue owns it from then on. */
export async function sendFile(page: Page, filePath: string, title: string) {
  await page.goto("/Evidence");
  await page.getByRole("heading", { name: "My Evidence" }).waitFor();
  await page.getByRole("button", { name: "Add evidence" }).click();
  await page.getByRole("button", { name: "Camera upload" }).click();
  await page.getByLabel(/Upload File/).setInputFiles(filePath);
  await page.waitForURL("**/evidence-details**");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Upload Evidence" }).click();
}

/** The item's row in the list's "On its way" section. */
export function queueRow(page: Page, title: string): Locator {
  return page.getByTestId("queued-items").getByTestId("queue-row").filter({ hasText: title });
}

/** Waits until the row is in that state (the list must be on screen: /Evidence). */
export async function rowInState(row: Locator, state: string, timeout: number) {
  await row.and(row.page().locator(`[data-state="${state}"]`)).waitFor({ timeout });
}

/** The participant's item of that title as the server lists it to its owner (with the stored file's size and hash). */
export async function storedItem(participant: Participant, title: string) {
  const response = await participant.actor.get("/api/evidence");
  const items = (await response.json()) as { id: number; title: string; media?: { size: number; sha256: string } }[];
  return items.filter((item) => item.title === title);
}
