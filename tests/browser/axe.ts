import AxeBuilder from "@axe-core/playwright";
import { expect } from "bun:test";
import type { Page } from "playwright-core";

/**
 * Fails when axe finds any serious or critical violation on the page as it is now, or only inside `within` (a CSS
 * selector, e.g. an open dialog whose page behind was scanned already: a smaller scan, much quicker).
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string, within?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${screen}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
}
