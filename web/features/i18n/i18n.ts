/**
 * Every word on screen comes from the active catalog (locales/<language>.json, as the server sends it compiled by
 * Lingui's compiler): `t("message.id", values)`. No parser ships to the browser (src/i18n/format-message.ts).
 */
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { formatMessage, type MessageValues } from "../../../src/i18n/format-message";
import type english from "../../../locales/en.json";

/** The ids of English, the spec's language: a mistyped id is a type error. */
export type MessageId = keyof typeof english;
export type { MessageValues };

/** One language's words: its tag and compiled messages. */
export type Catalog = { locale: string; messages: Record<string, CompiledMessage> };

let active: Catalog = { locale: "", messages: {} };

/** The active language: its tag ("" until a catalog is loaded) and compiled messages. */
export const i18n = {
  get locale() {
    return active.locale;
  },
  activate(locale: string, messages: Record<string, CompiledMessage>) {
    active = { locale, messages };
  },
};

const sayIn = (catalog: Catalog, id: string, values?: MessageValues): string => formatMessage(catalog.messages[id], catalog.locale || "en", values) ?? id;

/** A message by an id only known at run time (error codes, numbered show texts); the id itself when there is none. */
export const say = (id: string, values?: MessageValues): string => sayIn(active, id, values);

export const t = (id: MessageId, values?: MessageValues): string => say(id, values);

/** The words of one language, for a part of the page shown in another language than the rest (the Show screen's preview). */
export type Translator = { readonly locale: string; t: typeof t; say: typeof say };
export const translatorOf = (catalog: Catalog): Translator => ({
  locale: catalog.locale,
  say: (id, values) => sayIn(catalog, id, values),
  t: (id, values) => sayIn(catalog, id, values),
});
/** The active language's words, read at each call (the language can change meanwhile). */
export const activeTranslator: Translator = {
  get locale() {
    return active.locale;
  },
  t,
  say,
};

/** Words to show later: a catalog message, worded when shown (so a language switched meanwhile applies), or a server's text. */
export type Wording = { id: MessageId; values?: MessageValues } | { text: string };
export const wordingText = (wording: Wording): string => ("id" in wording ? t(wording.id, wording.values) : wording.text);

/** Whether the active catalog has a message (error codes the server may send that no screen names). */
export const hasMessage = (id: string): boolean => active.messages[id] !== undefined;

/** A language's name in the active language ("en" → "English", in French "anglais"), e.g. for a captions track. */
export const languageName = (code: string): string =>
  new Intl.DisplayNames([active.locale || "en"], { type: "language" }).of(code) ?? code;
