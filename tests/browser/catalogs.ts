/** The shipped catalogs as browser tests read them: a message in a language, and a screen's English left behind. */
import { expect } from "bun:test";
import type { Page } from "playwright-core";
import english from "../../locales/en.json";

export type MessageId = keyof typeof english;
export type Catalog = Record<MessageId, string>;

/** A message of the catalog with its simple `{name}` placeholders filled (plurals and selects are not for tests). */
export const sayIn = (catalog: Catalog) => (id: MessageId, values: Record<string, string | number> = {}) =>
  catalog[id].replace(/\{(\w+)\}/g, (_, name: string) => (values[name] === undefined ? `{${name}}` : String(values[name])));

/**
 * English sentences a screen must not show in another language: the catalog's texts without placeholders, of a few
 * words, that the language words differently (a "Notes" the same in both is no leftover).
 */
function englishLeftovers(catalog: Catalog) {
  const theirs = new Set(Object.values(catalog));
  return [...new Set(Object.values(english))].filter((text) => !/[{}#]/.test(text) && text.split(" ").length >= 3 && !theirs.has(text));
}

/** The page speaks the catalog's language: `<html lang dir>` and no English sentence in its text or labels. */
export async function expectInLanguage(page: Page, catalog: Catalog, code: string, dir: "ltr" | "rtl") {
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([code, dir]);
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll("[aria-label],[alt],[placeholder],[title]")].flatMap((element) =>
      ["aria-label", "alt", "placeholder", "title"].map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.body.innerText, ...labels].join("\n");
  });
  expect(englishLeftovers(catalog).filter((sentence) => text.includes(sentence))).toEqual([]);
}
