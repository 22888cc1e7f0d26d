/** The public archive as a test sees it: its tiles, one tile by title, and the full-screen viewer. */
import type { Page } from "playwright-core";

// CSS, not roles, for the tiles: a role query walks the accessibility tree, slow with thousands of tiles.
export const archiveTiles = (page: Page) => page.locator("ul[aria-label='Evidence items'] > li > a");
export const archiveTile = (page: Page, title: string) => page.getByRole("link", { name: new RegExp(`^${title} \\(`) });
export const archiveViewer = (page: Page) => page.getByRole("dialog");
/** The viewer's "12 of 50+" counter. */
export const viewerCounter = (page: Page) => page.locator("[role=dialog] [aria-live]");

/** Waits, polling every frame inside the page (far quicker than locator retries), until `count` tiles are shown. */
export async function waitForTiles(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll("ul[aria-label='Evidence items'] > li").length >= n, count, { polling: "raf" });
}
