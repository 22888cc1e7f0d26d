/**
 * The show's words in one language (issue 44), item by item — a step, a question, an answer, a paragraph: the show's
 * own version in that language when an admin wrote one; else, for a built-in text nobody changed, its translation in
 * the catalogs; else the show's own text in its main language (DEFAULT_LANGUAGE). `languages` says which language
 * each text is in, so the web marks it (`lang`, `dir="auto"`) and an Arabic page sets English text right.
 */
import type { AppContext } from "../context";
import { ownMessageIds, translator } from "../i18n/catalogs.service";
import { SOURCE_LANGUAGE } from "../i18n/languages";
import { defaultText, type FaqItem, type ShowText } from "./show-schema";
import type { Show } from "./show.service";
import { TRANSLATABLE_FIELDS, type TranslatableField } from "./translatable-fields";

/** A translation as stored: a field's value, lists with null where an item has no version in that language yet. */
export type FaqTranslation = { question: string | null; answer: string | null } | null;
export type Translation = Partial<{ [F in TranslatableField]: ShowText[F] extends string ? string : ShowText[F] extends FaqItem[] ? FaqTranslation[] : (string | null)[] }>;

/** Which language each text is in: one tag per field, per item for lists, per question and answer for the FAQ. */
export type FieldLanguages = string | string[] | { question: string; answer: string }[];
export type ShowLanguages = Record<TranslatableField, FieldLanguages>;

type Said = { text: string; language: string };

/** The show's texts as a phone in `language` reads them, and the language of each. */
export async function showInLanguage(ctx: AppContext, show: Show, language: string): Promise<{ text: ShowText; languages: ShowLanguages }> {
  const main = ctx.config.defaultLanguage;
  const translation: Translation = language === main ? {} : (show.translations[language] ?? {});
  const defaults = defaultText(show.text.project_name);
  const [ownIds, say] = await Promise.all([ownMessageIds(ctx, language), translator(ctx, language)]);
  // The reset mail's subject keeps its placeholders (the mail fills them, as the built-in English does); others name the show.
  const values = (id: string) => (id === "show.reset_mail_subject" ? { project: "{project}", code: "{code}" } : { project: show.text.project_name });
  /** The catalog's words for a built-in text, in this language if it has them, else the built-in English. */
  const builtIn = (id: string, english: string): Said => (ownIds.has(id) ? { text: say(id, values(id)), language } : { text: english, language: SOURCE_LANGUAGE });
  /** One text: its version in this language; else the catalog's if it is the built-in one; else the show's own. */
  const one = (value: string, translated: string | null | undefined, builtInId: string | undefined): Said =>
    translated ? { text: translated, language } : builtInId ? builtIn(builtInId, value) : { text: value, language: main };
  /** The catalog id of a built-in item with exactly this text (found by its words: steps may be reordered). */
  const builtInIdOf = (field: "instructions" | "archive_intro", value: string) => {
    const index = defaults[field].indexOf(value);
    return index < 0 || show.locks[field] ? undefined : `show.${field}.${index + 1}`;
  };

  const text = { ...show.text };
  const languages = {} as ShowLanguages;
  const set = <F extends TranslatableField>(field: F, said: { value: ShowText[F]; languages: FieldLanguages }) => {
    text[field] = said.value;
    languages[field] = said.languages;
  };
  for (const field of TRANSLATABLE_FIELDS) {
    if (field === "instructions" || field === "archive_intro") {
      const items = show.text[field].map((value, index) => one(value, translation[field]?.[index], builtInIdOf(field, value)));
      set(field, { value: items.map((item) => item.text), languages: items.map((item) => item.language) });
    } else if (field === "faq") {
      const items = show.text.faq.map((item, index) => {
        const n = defaults.faq.findIndex((builtInItem) => builtInItem.question === item.question) + 1;
        const m = defaults.faq.findIndex((builtInItem) => builtInItem.answer === item.answer) + 1;
        return {
          question: one(item.question, translation.faq?.[index]?.question, n ? `show.faq.${n}.question` : undefined),
          answer: one(item.answer, translation.faq?.[index]?.answer, m ? `show.faq.${m}.answer` : undefined),
        };
      });
      set("faq", {
        value: items.map((item) => ({ question: item.question.text, answer: item.answer.text })),
        languages: items.map((item) => ({ question: item.question.language, answer: item.answer.language })),
      });
    } else {
      const value = show.text[field];
      const isBuiltIn = value === defaults[field] && !show.locks[field];
      const said = one(value, translation[field], isBuiltIn ? `show.${field}` : undefined);
      set(field, { value: said.text, languages: said.language });
    }
  }
  return { text, languages };
}
