/** Which languages casefile ships, how each is named and written, and which of several a phone should get. */
import { readShippedCatalogTexts } from "./catalog-files" with { type: "macro" };

/** locales/<language>.json as built into the program, as text (catalog-files.ts). */
const SHIPPED_CATALOG_TEXTS: Record<string, string> = readShippedCatalogTexts();
const shippedCatalogs = new Map<string, Record<string, string>>();

/** A shipped catalog (message id → ICU MessageFormat text), parsed at its first use; undefined if none ships. */
export function shippedCatalog(language: string): Record<string, string> | undefined {
  let catalog = shippedCatalogs.get(language);
  if (!catalog && Object.hasOwn(SHIPPED_CATALOG_TEXTS, language)) {
    catalog = JSON.parse(SHIPPED_CATALOG_TEXTS[language]!) as Record<string, string>;
    shippedCatalogs.set(language, catalog);
  }
  return catalog;
}

/** The spec's language: every message exists in it, and every other catalog falls back to it. */
export const SOURCE_LANGUAGE = "en";

/**
 * The pseudo-locale: every English message bracketed and lengthened by a third (messages.ts pseudoMessage), so a
 * screen shows at a glance any text that did not come from a catalog and any box too small for longer words. Offered
 * only when LANGUAGES names it.
 */
export const PSEUDO_LANGUAGE = "en-XA";

export const SHIPPED_LANGUAGES = Object.keys(SHIPPED_CATALOG_TEXTS);

/** Scripts written right to left (ISO 15924), for the direction of a language an admin adds. */
const RTL_SCRIPTS = new Set(["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Mand", "Samr"]);

export type LanguageInfo = { code: string; name: string; dir: "ltr" | "rtl" };

export function languageInfo(code: string): LanguageInfo {
  if (code === PSEUDO_LANGUAGE) return { code, name: "[Ƥşeŭđő]", dir: "ltr" };
  let name = code;
  let script: string | undefined;
  try {
    name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
    script = new Intl.Locale(code).maximize().script;
  } catch {}
  // Shown in a list of languages, each in its own words: "Français", "Deutsch", "العربية".
  return { code, name: name.charAt(0).toLocaleUpperCase(code) + name.slice(1), dir: script && RTL_SCRIPTS.has(script) ? "rtl" : "ltr" };
}

/** A tag in its canonical spelling, or undefined for one that is not a language tag. */
export function canonicalLanguage(raw: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(raw.trim())[0];
  } catch {
    return undefined;
  }
}

const baseOf = (tag: string) => tag.split("-")[0]!.toLowerCase();

/**
 * The best of `available` for someone who wants `wanted` (most wanted first): the first wanted tag available exactly,
 * else the first whose language is ("fr-CA" gets "fr", "pt" gets "pt-BR"), else `fallback`.
 */
export function bestLanguage(wanted: readonly string[], available: readonly string[], fallback: string): string {
  for (const raw of wanted) {
    const tag = canonicalLanguage(raw);
    if (!tag) continue;
    const exact = available.find((code) => code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const sameLanguage = available.find((code) => baseOf(code) === baseOf(tag));
    if (sameLanguage) return sameLanguage;
  }
  return fallback;
}

/** The tags of an Accept-Language header, most wanted first (q=0 left out). */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== "*" && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
