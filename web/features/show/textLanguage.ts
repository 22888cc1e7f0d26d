import type { Show, TranslatableField } from "../../api/show";

/** What marks one of the show's texts: its language, and `dir="auto"` so English inside an Arabic page reads left to right. */
export type TextMarks = { lang?: string; dir: "auto" };

/**
 * The marks of a text (a field, or one item of a list; `part` for a FAQ item's question or answer), from the
 * `languages` the server answers with. An answer without them (remembered from an older server) marks no language.
 */
export function textMarks(show: Show, field: TranslatableField, index?: number, part?: "question" | "answer"): TextMarks {
  const entry: unknown = show.languages?.[field];
  const item: unknown = Array.isArray(entry) && index !== undefined ? entry[index] : entry;
  const lang = typeof item === "object" && item !== null && part ? (item as Record<string, unknown>)[part] : item;
  return typeof lang === "string" ? { lang, dir: "auto" } : { dir: "auto" };
}
