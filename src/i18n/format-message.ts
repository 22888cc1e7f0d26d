/**
 * Formats a message compiled by Lingui's compiler (@lingui/message-utils: strings, [name], [name, type, format]) in
 * one language, as Lingui's runtime does: placeholders, plural and selectordinal (with offset, exact =N cases and #),
 * select, number, date and time through Intl. Shared by the server (mails) and the web app, where Lingui's own
 * runtime would cost 1.8 KB of the 90 KB first-load budget for the same work (BENCHMARKS.md, "Languages").
 */
import type { CompiledMessage, CompiledMessageToken } from "@lingui/message-utils/compileMessage";

export type MessageValues = Record<string, unknown>;
type Cases = Record<string, CompiledMessage> & { offset?: number };

const formatters = new Map<string, Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.PluralRules | Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter as T;
}

const numberOptions = (style: unknown): Intl.NumberFormatOptions =>
  style === "percent" ? { style: "percent" } : style === "integer" ? { maximumFractionDigits: 0 } : {};
const formatNumber = (locale: string, value: unknown, style?: unknown) =>
  cached(`n|${locale}|${String(style)}`, () => new Intl.NumberFormat(locale, numberOptions(style))).format(Number(value));

function formatDate(locale: string, value: unknown, type: "date" | "time", style: unknown) {
  const size = (["short", "medium", "long", "full"] as const).find((s) => s === style) ?? (type === "date" ? "medium" : "short");
  const options: Intl.DateTimeFormatOptions = type === "date" ? { dateStyle: size } : { timeStyle: size };
  const date = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? String(value) : cached(`${type}|${locale}|${size}`, () => new Intl.DateTimeFormat(locale, options)).format(date);
}

function chooseCase(locale: string, type: "plural" | "selectordinal", value: number, cases: Cases): CompiledMessage | undefined {
  const rules = cached(`p|${locale}|${type}`, () => new Intl.PluralRules(locale, { type: type === "plural" ? "cardinal" : "ordinal" }));
  return cases[`=${value}`] ?? cases[String(value)] ?? cases[rules.select(value - (cases.offset ?? 0))] ?? cases.other;
}

function formatTokens(tokens: CompiledMessage, locale: string, values: MessageValues, hash?: string): string {
  let text = "";
  for (const token of tokens as CompiledMessageToken[]) {
    if (typeof token === "string") {
      text += token === "#" && hash !== undefined ? hash : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    if (type === "plural" || type === "selectordinal") {
      const cases = format as Cases;
      const count = Number(value);
      const chosen = chooseCase(locale, type, count, cases);
      if (chosen) text += formatTokens(chosen, locale, values, formatNumber(locale, count - (cases.offset ?? 0)));
    } else if (type === "select") {
      const cases = format as Cases;
      const chosen = Object.hasOwn(cases, String(value)) ? cases[String(value)] : cases.other;
      if (chosen) text += formatTokens(chosen, locale, values, hash);
    } else if (type === "number") text += formatNumber(locale, value, format);
    else if (type === "date" || type === "time") text += formatDate(locale, value, type, format);
    else if (value !== undefined && value !== null) text += String(value);
  }
  return text;
}

/** The message in `locale` with `values` filled in; undefined when there is no such message. */
export function formatMessage(message: CompiledMessage | undefined, locale: string, values: MessageValues = {}): string | undefined {
  return message === undefined ? undefined : formatTokens(message, locale, values);
}
