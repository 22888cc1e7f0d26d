/**
 * Every screen and state of the tour (tests/browser/tour/), at 390×844 and 1280×800, over one seeded server shared by
 * both: every state reachable; no serious or critical axe violation (in English); then, switched in place to the
 * pseudo-locale (every message bracketed and a third longer, tour/pseudo.ts), no visible text or label that did not
 * come from a catalog and no text spilling out of its box. The seed is the tour's with 30 items instead of 120 and
 * fixture media: axe on 120 alike cards takes long and finds nothing 30 do not.
 */
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { LAPTOP, launchBrowser, PHONE } from "./browser";
import { overflowingTexts, showPseudoLocale, textsNotFromCatalog } from "./tour/pseudo";
import { runTour, startTourServers, type TourServers } from "./tour/run";
import { TOUR_STATES } from "./tour/states";

// axe is CPU-bound: ~100 states per size; under heavy load a size took over 8 minutes (it runs beside the main suite).
setDefaultTimeout(900_000);

let browser: Browser;
let servers: TourServers;

beforeAll(async () => {
  [browser, servers] = await Promise.all([launchBrowser(), startTourServers({ plainMedia: true, itemCount: 30, pseudoLocale: true })]);
});
afterAll(async () => {
  await browser?.close();
  await servers?.stop();
});

const only = process.env.TOUR_ONLY;

for (const viewport of [PHONE, LAPTOP]) {
  test(`every screen and state at ${viewport.width}×${viewport.height}: reachable, axe clean, every word from a catalog and inside its box`, async () => {
    const violations: string[] = [];
    const untranslated: string[] = [];
    const overflowing: string[] = [];
    const outcome = await runTour({
      browser,
      servers,
      viewports: [viewport],
      states: only ? TOUR_STATES.filter((state) => `${state.screen}-${state.state}`.includes(only)) : undefined,
      settleMs: 150,
      log: () => {},
      visit: async (page, name) => {
        const where = `${name}-${viewport.width}`;
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations) {
          if (violation.impact !== "serious" && violation.impact !== "critical") continue;
          violations.push(`${where}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
        }
        await showPseudoLocale(page);
        untranslated.push(...(await textsNotFromCatalog(page, servers.cast.texts)).map((text) => `${where}: ${text}`));
        overflowing.push(...(await overflowingTexts(page)).map((text) => `${where}: ${text}`));
      },
    });
    expect(outcome.skipped).toEqual([]);
    expect(violations).toEqual([]);
    expect(untranslated).toEqual([]);
    expect(overflowing).toEqual([]);
  });
}
