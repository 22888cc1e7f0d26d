/**
 * The pseudo-locale check of one tour state: the page switches to `en-XA` in place (as a language chosen in another
 * tab does), then every visible text and label must have come from a catalog — inside the ⟦ ⟧ brackets every pseudo
 * message carries — or be the seed's own data (titles, notes, names, places) or Intl's words for dates and numbers;
 * and no text may spill out of its box or be cut off without an ellipsis, now that every message is a third longer.
 */
import type { Page } from "playwright-core";
import { PSEUDO_LANGUAGE } from "../../../src/i18n/languages";

/**
 * Shows the page in a language without reloading it: another tab of the same browser chooses the language. Under a
 * full run's load the switch was once not seen within the wait (two tour states, one studio test); the choice is then
 * written again (removed first, so the other tabs get a fresh storage event), up to three times.
 */
export async function showLanguage(page: Page, language: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await chooseInAnotherTab(page, language);
    try {
      await page.waitForFunction((language) => document.documentElement.lang === language, language, { timeout: attempt < 3 ? 10_000 : 30_000 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  // One more frame: React renders the new words after the language changes.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function chooseInAnotherTab(page: Page, language: string): Promise<void> {
  const other = await page.context().newPage();
  try {
    await other.goto(new URL("/healthz", page.url()).href);
    await other.evaluate(async (language) => {
      const response = await fetch(`/api/i18n?lang=${language}`, { credentials: "include" });
      localStorage.removeItem("casefile:last-language");
      localStorage.setItem("casefile:last-language", await response.text());
    }, language);
  } finally {
    await other.close();
  }
}

export const showPseudoLocale = (page: Page) => showLanguage(page, PSEUDO_LANGUAGE);

/**
 * Visible text no catalog gave: each entry names the text, or the attribute, and where it is. `data` is what the
 * seed put in (shown as entered, in any language).
 */
export async function textsNotFromCatalog(page: Page, data: string[]): Promise<string[]> {
  return page.evaluate((data) => {
    // Intl's own words in English (month and day names, day periods, relative times, units, list words): Intl speaks
    // the pseudo-locale's base language, which is right.
    const intlWords = new Set<string>();
    const addWords = (text: string) => text.match(/\p{L}+/gu)?.forEach((word) => intlWords.add(word.toLowerCase()));
    // Both halves of the day: at midnight only "AM" was learnt, and every time shown after noon was reported.
    for (let month = 0; month < 12; month++) {
      for (const style of ["long", "short"] as const) {
        for (const hour of [0, 13]) addWords(new Date(2026, month, 1 + month, hour).toLocaleString("en", { month: style, weekday: style, hour: "numeric" }));
      }
    }
    const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    for (const unit of ["second", "minute", "hour", "day", "week", "month", "year"] as const) {
      for (const amount of [-2, -1, 0, 1, 2]) addWords(relative.format(amount, unit));
      for (const style of ["long", "short", "narrow"] as const) addWords(new Intl.NumberFormat("en", { style: "unit", unit, unitDisplay: style }).format(2));
    }
    addWords(new Intl.ListFormat("en").format(["a", "b", "c"]));
    // Languages named by Intl in the active language (a captions track's language on the Show screen).
    const languageNames = new Intl.DisplayNames(["en"], { type: "language" });
    for (const code of ["en", "fr", "de", "es", "ar", "en-XA"]) addWords(languageNames.of(code) ?? "");
    for (const unit of ["byte", "kilobyte", "megabyte", "gigabyte"]) addWords(new Intl.NumberFormat("en", { style: "unit", unit, unitDisplay: "short" }).format(2));

    /** The letters of a text outside ⟦ ⟧, once the seed's data and Intl's words are taken out ("" when none are left). */
    function leftover(text: string): string {
      // Messages nest (a kind's name inside a card's label): take out the innermost pair until none is left.
      let rest = text;
      for (let before = ""; before !== rest; ) (before = rest), (rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " "));
      // A message split over elements (a bold part inside a sentence): its first piece opens, its last one closes.
      rest = rest.replace(/^[^⟦]*⟧/, " ").replace(/⟦[^⟧]*$/, " ");
      for (const piece of rest.split(/\s{2,}|[·|]/)) {
        const trimmed = piece.trim().replace(/(…|\.\.\.)$/, "").trim();
        if (trimmed && data.some((entry) => entry.includes(trimmed))) rest = rest.replace(piece, " ");
      }
      for (const entry of data) if (entry.length > 2) rest = rest.split(entry).join(" ");
      // Addresses and file types are data in any language.
      rest = rest.replace(/\b(?:https?:\/\/\S+|[\w.+-]+@[\w.-]+|[a-z]+\/[\w.+-]+)/g, " ");
      const words = rest.match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
      return words.filter((word) => !intlWords.has(word.toLowerCase())).length ? rest.trim().replace(/\s+/g, " ") : "";
    }
    function where(element: Element): string {
      const parts: string[] = [];
      for (let at: Element | null = element; at && parts.length < 3; at = at.parentElement) {
        const label = at.getAttribute("aria-label") ?? at.id;
        parts.unshift(`${at.tagName.toLowerCase()}${label ? `[${label.slice(0, 30)}]` : ""}`);
      }
      return parts.join(" > ");
    }
    /** Text marked as another language on purpose (the language switch names each language in its own words). */
    const otherLanguage = (element: Element) => element.closest("[lang]") !== document.documentElement;
    /** Code is not words: hashes, and the file formats a slot takes. */
    const isCode = (element: Element) => element.closest("code, kbd") !== null;
    function shown(element: Element): boolean {
      if (!element.getClientRects().length) return false;
      const style = getComputedStyle(element);
      return style.visibility !== "hidden" && !element.closest("[aria-hidden=true], [inert]");
    }

    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || ["SCRIPT", "STYLE", "NOSCRIPT", "TEXTAREA", "OPTION"].includes(parent.tagName)) continue;
      if ((!shown(parent) && !parent.closest(".sr-only")) || otherLanguage(parent) || isCode(parent)) continue;
      const rest = leftover(node.textContent);
      if (rest) found.push(`"${rest.slice(0, 80)}" in ${where(parent)}`);
    }
    for (const element of document.querySelectorAll("[aria-label], [title], [alt], [placeholder], option")) {
      if (otherLanguage(element)) continue;
      if (element.tagName === "OPTION" ? !shown(element.closest("select")!) : !shown(element) && !element.closest(".sr-only")) continue;
      for (const name of ["aria-label", "title", "alt", "placeholder"]) {
        const value = element.getAttribute(name);
        const rest = value ? leftover(value) : "";
        if (rest) found.push(`${name} "${rest.slice(0, 80)}" of ${where(element)}`);
      }
      if (element.tagName === "OPTION") {
        const rest = leftover(element.textContent ?? "");
        if (rest) found.push(`option "${rest.slice(0, 80)}" of ${where(element)}`);
      }
    }
    if (!document.title.includes("⟦") && leftover(document.title)) found.push(`the page title "${document.title}"`);
    return [...new Set(found)];
  }, data);
}

/** Text that spills out of its box, or is cut off without an ellipsis; and a page wider than the screen. */
export async function overflowingTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    if (document.documentElement.scrollWidth > window.innerWidth + 1) found.add(`the page is ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let box = node.parentElement;
      if (!box || !node.textContent?.trim() || box.closest(".sr-only, [aria-hidden=true]") || !box.getClientRects().length) continue;
      // Visually hidden by a responsive variant (`max-sm:sr-only`): a 1 px clipped box, for screen readers only.
      const hidden = getComputedStyle(box);
      if (hidden.position === "absolute" && box.getBoundingClientRect().width <= 1 && hidden.overflow === "hidden") continue;
      while (box.parentElement && getComputedStyle(box).display.startsWith("inline")) box = box.parentElement;
      const style = getComputedStyle(box);
      if (style.visibility === "hidden" || box.clientWidth === 0) continue;
      const wider = box.scrollWidth > box.clientWidth + 1;
      const taller = box.scrollHeight > box.clientHeight + 1 && style.overflowY !== "visible" && style.overflowY !== "auto" && style.overflowY !== "scroll";
      if (!wider && !taller) continue;
      const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
      const ellipsis = style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none";
      const text = (node.textContent ?? "").trim().slice(0, 60);
      if (wider && style.overflowX === "visible") found.add(`"${text}" spills out of its ${box.tagName.toLowerCase()} (${box.scrollWidth} > ${box.clientWidth} px)`);
      else if ((wider && !scrolls) || taller) if (!ellipsis) found.add(`"${text}" is cut off in its ${box.tagName.toLowerCase()}`);
    }
    return [...found];
  });
}
