/**
 * Setting the show's words in a language other than its main one (PUT /api/show?language=…). What an admin sends that
 * is exactly what the phone would read anyway (the catalog's translation of an untouched built-in text, or the main
 * text itself) is stored as no translation: "not translated yet" stays true, and a later change of the main text or
 * the catalog still reaches that language.
 */
import type { BatchItem } from "drizzle-orm/batch";
import type { AuditActor } from "../audit/audit-record";
import type { AppContext } from "../context";
import { badRequest } from "../http/errors";
import { showInLanguage, type Translation } from "./show-language";
import { isTranslatable, type TranslatableField } from "./translatable-fields";
import { readTranslatedField } from "./show-schema";
import { assertUnlocked, currentShow, saveShowChanges, settingStatement, type Show, translationKey } from "./show.service";

/** The body of PUT /api/show?language=…: translatable fields only, each checked; null removes that language's version. */
export function readTranslationUpdate(body: unknown): Partial<Record<TranslatableField, unknown>> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("The request must be a JSON object of the show's fields.");
  const update: Partial<Record<TranslatableField, unknown>> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!isTranslatable(key)) throw badRequest(`${key} has no version per language: set it without a language.`);
    update[key] = value === null ? null : readTranslatedField(key, value);
  }
  return update;
}

/** null where the sent text is what the phone reads without a translation; undefined when nothing is left. */
function withoutFallbacks(sent: unknown, fallback: unknown): unknown {
  if (Array.isArray(sent)) {
    const items = sent.map((item, index) => withoutFallbacks(item, (fallback as unknown[])[index]));
    return items.some((item) => item !== null && item !== undefined) ? items.map((item) => item ?? null) : undefined;
  }
  if (sent && typeof sent === "object") {
    const { question, answer } = sent as Record<string, unknown>;
    const fallen = (fallback ?? {}) as Record<string, unknown>;
    const item = { question: question === fallen.question ? null : question, answer: answer === fallen.answer ? null : answer };
    return item.question === null && item.answer === null ? null : item;
  }
  return sent === null || sent === fallback ? undefined : sent;
}

export async function updateShowTranslation(
  ctx: AppContext,
  actor: NonNullable<AuditActor>,
  language: string,
  update: Partial<Record<TranslatableField, unknown>>,
): Promise<Show> {
  const fields = Object.keys(update) as TranslatableField[];
  for (const field of fields) assertUnlocked(ctx, field);
  const show = await currentShow(ctx);
  const before: Translation = show.translations[language] ?? {};
  const { [language]: _, ...others } = show.translations;
  const { text: fallback } = await showInLanguage(ctx, { ...show, translations: others }, language);
  const now = new Date().toISOString();
  const statements: BatchItem<"sqlite">[] = [];
  const detail: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of fields) {
    const value = update[field] === null ? undefined : withoutFallbacks(update[field], fallback[field]);
    if (JSON.stringify(value) === JSON.stringify(before[field])) continue;
    const key = translationKey(field, language);
    detail[key] = { before: before[field] ?? null, after: value ?? null };
    statements.push(settingStatement(ctx, actor, key, value, now));
  }
  return saveShowChanges(ctx, actor, statements, detail, translationKey("privacy_notice", language) in detail);
}
