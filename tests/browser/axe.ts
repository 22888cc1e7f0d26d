import AxeBuilder from "@axe-core/playwright";
import { expect } from "bun:test";
import type { Page } from "playwright-core";

/**
 * Fails when axe finds any serious or critical violation on the page as it is now. `exclude`: selectors axe skips,
 * e.g. the hundredth copy of a card already scanned (axe takes tens of seconds over a long list).
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string, exclude: string[] = []) {
  const results = await exclude.reduce((builder, selector) => builder.exclude(selector), new AxeBuilder({ page })).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${screen}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
}
