/**
 * axe on every screen and state of the tour (tests/browser/tour/), at 390×844 and 1280×800, over one seeded server
 * shared by both: every state reachable, and no serious or critical violation. The seed is the tour's with 30 items
 * instead of 120 and fixture media: axe on 120 alike cards takes long and finds nothing 30 do not.
 */
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { LAPTOP, launchBrowser, PHONE } from "./browser";
import { runTour, startTourServers, type TourServers } from "./tour/run";

/**
 * TEMPORARY: serious/critical violations the code had when this test was written, by state (`<screen>-<state>-<width>`)
 * and axe rule. The issue-10 work removes them; then delete the entries (and this constant).
 */
const KNOWN_VIOLATIONS_TO_FIX: Record<string, string[]> = {
  // The audit log's table scrolls sideways on a phone inside web/ui/Table.tsx's `overflow-x-auto` wrapper, and its
  // rows hold nothing focusable, so keyboard users cannot scroll it (fix: tabIndex={0} and a label on the wrapper).
  "admin-audit-log-390": ["scrollable-region-focusable"],
};

// axe is CPU-bound: with load average ~28 on this 2-core machine (2026-11-22) the phone pass did not finish in 600 s.
setDefaultTimeout(600_000);

let browser: Browser;
let servers: TourServers;

beforeAll(async () => {
  [browser, servers] = await Promise.all([launchBrowser(), startTourServers({ plainMedia: true, itemCount: 30 })]);
});
afterAll(async () => {
  await browser?.close();
  await servers?.stop();
});

for (const viewport of [PHONE, LAPTOP]) {
  test(`every screen and state at ${viewport.width}×${viewport.height}: reachable, no serious or critical axe violation`, async () => {
    const violations: string[] = [];
    const outcome = await runTour({
      browser,
      servers,
      viewports: [viewport],
      settleMs: 150,
      log: () => {},
      visit: async (page, name) => {
        const where = `${name}-${viewport.width}`;
        const allowed = KNOWN_VIOLATIONS_TO_FIX[where] ?? [];
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations) {
          if ((violation.impact !== "serious" && violation.impact !== "critical") || allowed.includes(violation.id)) continue;
          violations.push(`${where}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
        }
      },
    });
    expect(outcome.skipped).toEqual([]);
    expect(violations).toEqual([]);
  });
}
