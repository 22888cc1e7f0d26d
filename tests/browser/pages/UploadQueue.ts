/** The capture queue as a test sees it: the bar on every screen, its panel, and one row per queued item. */
import type { Page } from "playwright-core";

export type QueueState = "waiting" | "offline" | "sending" | "stalled" | "finishing" | "paused" | "failed" | "done";

export class UploadQueue {
  constructor(readonly page: Page) {}

  bar = () => this.page.getByTestId("upload-queue-bar");
  summary = () => this.page.getByTestId("upload-queue-summary");

  /** The card of the item whose title contains `title` in the evidence list (its receipt once arrived), or its row in the panel when that is open. */
  row(title: string) {
    return this.page.locator(`[data-testid="queue-row"][data-title*=${JSON.stringify(title)}]`).first();
  }

  /** Waits until the item is in that state (data-state on its card or row). */
  async waitFor(title: string, state: QueueState, timeout?: number) {
    await this.page.locator(`[data-testid="queue-row"][data-state="${state}"][data-title*=${JSON.stringify(title)}]`).first().waitFor({ timeout });
  }

  async openPanel() {
    await this.bar().getByRole("button", { name: /Uploads/ }).click();
    await this.page.getByTestId("upload-queue-panel").waitFor();
  }

  retry = (title: string) => this.row(title).getByTestId("queue-row-retry").click();
  cancel = (title: string) => this.row(title).getByTestId("queue-row-cancel").click();
}
