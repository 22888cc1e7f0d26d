/**
 * A Bun macro: runs when the code is bundled or transpiled, so the shipped catalogs (locales/<language>.json) are
 * inlined into the program and the single executable needs no locales folder beside it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function readShippedCatalogs(): Record<string, Record<string, string>> {
  const dir = path.join(import.meta.dir, "../../locales");
  const catalogs: Record<string, Record<string, string>> = {};
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".json")).sort()) {
    catalogs[name.slice(0, -".json".length)] = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
  }
  return catalogs;
}
