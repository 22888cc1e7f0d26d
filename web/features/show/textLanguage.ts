import type { Show, TranslatableField } from "../../api/show";

/** What marks one of the show's texts: its language, and `dir="auto"` so English inside an Arabic page reads left to right. */
export type TextMarks = { lang?: string; dir: "auto" };

/**
 * The marks of a text (a field, or one item of a list; `part` for a FAQ item's question or answer), from the
 * `languages` the server answers with. An answer without them (remembered from an older server) marks no language.
 */
export function textMarks(show: Show, field: TranslatableField, index?: number, part?: "question" | "answer"): TextMarks {
  // A tag, a list of tags, or a list of {question, answer}: walked down by index and part.
  let lang = show.languages?.[field] as unknown as Record<string, unknown> | string | undefined;
  if (index !== undefined && typeof lang === "object") lang = lang[index] as typeof lang;
  if (part && typeof lang === "object") lang = lang[part] as typeof lang;
  return { lang: typeof lang === "string" ? lang : undefined, dir: "auto" };
}
