/**
 * A Bun macro: runs when the code is bundled or transpiled, so the shipped catalogs (locales/<language>.json) are
 * inlined into the program and the single executable needs no locales folder beside it. Inlined as JSON text, parsed
 * when first asked for (src/i18n/languages.ts): as object literals, all of them were evaluated at every start.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function readShippedCatalogTexts(): Record<string, string> {
  const dir = path.join(import.meta.dir, "../../locales");
  const texts: Record<string, string> = {};
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".json")).sort()) {
    texts[name.slice(0, -".json".length)] = JSON.stringify(JSON.parse(readFileSync(path.join(dir, name), "utf8")));
  }
  return texts;
}
