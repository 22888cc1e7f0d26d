import type { EditableField, Show, ShowFields, ShowTranslation } from "../../api/show";
import { TRANSLATABLE_FIELDS, type TranslatableField } from "../../../src/show/translatable-fields";
import { textMarks } from "./textLanguage";

/** Every field with a version per language is one PUT /api/show takes (checked when this compiles). */
TRANSLATABLE_FIELDS satisfies readonly EditableField[];
export { TRANSLATABLE_FIELDS, type TranslatableField };

/**
 * Translating the show (Show screen in a language other than the main one). The form holds every text in that
 * language, "" where it has none yet (phones then read the fallback the server chose, see docs/show-api.md).
 */
export type TranslationDraft = Pick<ShowFields, TranslatableField>;

/** One text of the show: a field, an item of a list, or a FAQ item's question or answer. */
export type TextAddress = { field: TranslatableField; index?: number; part?: "question" | "answer" };

/** Every text of the show that has a version per language, in reading order (the environment's fields left out). */
export function textAddresses(show: Show): TextAddress[] {
  return TRANSLATABLE_FIELDS.filter((field) => !show.locked[field]).flatMap((field): TextAddress[] => {
    if (field === "faq") return show.faq.flatMap((_, index) => [{ field, index, part: "question" as const }, { field, index, part: "answer" as const }]);
    if (field === "instructions" || field === "archive_intro") return show[field].map((_, index) => ({ field, index }));
    return [{ field }];
  });
}

export function readText(fields: TranslationDraft, { field, index, part }: TextAddress): string {
  if (index === undefined) return fields[field] as string;
  if (part) return fields.faq[index]?.[part] ?? "";
  return (fields[field] as string[])[index] ?? "";
}

/** The fields with one text replaced (a copy: the form's state is never changed in place). */
export function withText(fields: TranslationDraft, { field, index, part }: TextAddress, text: string): TranslationDraft {
  const next = { ...fields };
  if (index === undefined) return { ...next, [field]: text };
  if (part) next.faq = fields.faq.map((item, i) => (i === index ? { ...item, [part]: text } : item));
  else next[field as "instructions"] = (fields[field] as string[]).map((item, i) => (i === index ? text : item));
  return next;
}

/** The language a phone reads a text in (the server's `languages`). */
export const languageOf = (show: Show, address: TextAddress) => textMarks(show, address.field, address.index, address.part).lang ?? show.main_language;

/** The form for a show read in `show.language`: each text as it is in that language, "" where it falls back. */
export function translationDraftOf(show: Show): TranslationDraft {
  const draft = Object.fromEntries(TRANSLATABLE_FIELDS.map((field) => [field, structuredClone(show[field])])) as TranslationDraft;
  return textAddresses(show).reduce((next, address) => (languageOf(show, address) === show.language ? next : withText(next, address, "")), draft);
}

/** What PUT /api/show?language= is sent: the fields changed, lists whole, null for a text left empty. */
export function translationChanges(show: Show, draft: TranslationDraft): ShowTranslation {
  const before = translationDraftOf(show);
  const orNull = (text: string) => text.trim() || null;
  const changes: Record<string, unknown> = {};
  for (const field of TRANSLATABLE_FIELDS) {
    if (show.locked[field] || JSON.stringify(before[field]) === JSON.stringify(draft[field])) continue;
    const value = draft[field];
    if (typeof value === "string") changes[field] = orNull(value);
    else if (field === "faq") changes[field] = draft.faq.map(({ question, answer }) => (orNull(question) || orNull(answer) ? { question: orNull(question), answer: orNull(answer) } : null));
    else changes[field] = (value as string[]).map(orNull);
  }
  return changes as ShowTranslation;
}

/** The texts a translation still lacks: those with words in the main language and none in this one. */
export const untranslated = (main: Show, draft: TranslationDraft) =>
  textAddresses(main).filter((address) => readText(main, address).trim() !== "" && readText(draft, address).trim() === "");

/**
 * The show as a phone in the translation's language reads it once saved: a text written here; a text left empty, the
 * fallback (the server's, or the main language's for one just emptied); each marked with its language.
 */
export function translationPreview(show: Show, main: Show, draft: TranslationDraft): Show {
  const languages = structuredClone(show.languages) as Record<string, unknown>;
  let texts: TranslationDraft = show;
  for (const address of textAddresses(show)) {
    const written = readText(draft, address).trim() !== "";
    const emptied = !written && languageOf(show, address) === show.language;
    if (!written && !emptied) continue;
    texts = withText(texts, address, written ? readText(draft, address) : readText(main, address));
    setLanguage(languages, address, written ? show.language : languageOf(main, address));
  }
  return { ...show, ...texts, languages: languages as Show["languages"] };
}

function setLanguage(languages: Record<string, unknown>, { field, index, part }: TextAddress, language: string) {
  if (index === undefined) languages[field] = language;
  else if (part) (languages[field] as Record<string, string>[])[index]![part] = language;
  else (languages[field] as string[])[index] = language;
}
