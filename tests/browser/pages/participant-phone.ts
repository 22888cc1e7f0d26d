/**
 * A participant's phone for the venue-network tests: a logged-in page at the fault proxy's address (the session made
 * through the API, its cookie copied into the browser), sending a chosen file, and what the server then lists.
 */
import type { Browser, Page } from "playwright-core";
import { newParticipant, type Participant } from "../../support/client";
import { openPage } from "../browser";
import { UploadQueue } from "./UploadQueue";

export type PhonePage = Awaited<ReturnType<typeof openPage>> & { participant: Participant; queue: UploadQueue };

/** A participant past the onboarding video, on a phone page at `baseUrl` (the fault proxy's address). */
export async function participantOnPhone(browser: Browser, serverUrl: string, baseUrl: string): Promise<PhonePage> {
  const participant = await newParticipant(serverUrl);
  const watched = await participant.actor.put(`/api/user/watched/${participant.user.id}`);
  if (watched.status !== 200) throw new Error(`marking the video watched failed: ${watched.status}`);
  const opened = await openPage(browser, baseUrl);
  const [name, value] = participant.actor.cookie.split("=") as [string, string];
  await opened.context.addCookies([{ name, value, url: baseUrl }]);
  return { ...opened, participant, queue: new UploadQueue(opened.page) };
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

/** The participant's item of that title as the server lists it to its owner (with the stored file's size and hash). */
export async function storedItem(participant: Participant, title: string) {
  const response = await participant.actor.get("/api/evidence");
  const items = (await response.json()) as { id: number; title: string; media?: { size: number; sha256: string } }[];
  return items.filter((item) => item.title === title);
}
