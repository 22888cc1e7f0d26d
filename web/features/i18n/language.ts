/**
 * Which language this browser shows: chosen once at start (GET /api/i18n decides from the choice remembered in a
 * cookie, else the browser's languages, else the show's default) and on a switch. `<html lang dir>` always follow.
 */
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { atom, getDefaultStore, useAtomValue } from "jotai";
import { recall, remember, rememberedKey } from "../../state/lastSession";
import { i18n } from "./i18n";

export type LanguageOption = { code: string; name: string; dir: "ltr" | "rtl" };
export type LanguageAnswer = { language: string; dir: "ltr" | "rtl"; languages: LanguageOption[]; messages: Record<string, CompiledMessage> };
export type LanguageState = Omit<LanguageAnswer, "messages">;

export const languageAtom = atom<LanguageState>({ language: "en", dir: "ltr", languages: [] });

const COOKIE = "casefile_lang";
const LANGUAGE_KEY = rememberedKey("language");
const YEAR_SECONDS = 365 * 24 * 3600;

function activate(answer: LanguageAnswer) {
  i18n.activate(answer.language, answer.messages);
  document.documentElement.lang = answer.language;
  document.documentElement.dir = answer.dir;
  const { messages: _, ...state } = answer;
  getDefaultStore().set(languageAtom, state);
}

export async function fetchLanguage(code?: string): Promise<LanguageAnswer> {
  // The same address as index.html's preload when nothing is asked for, so the start uses the preloaded answer.
  const response = await fetch(code ? `/api/i18n?lang=${encodeURIComponent(code)}` : "/api/i18n", { credentials: "include" });
  if (!response.ok) throw new Error(`GET /api/i18n: ${response.status}`);
  return (await response.json()) as LanguageAnswer;
}

/**
 * Whether another tab chose a language while this one was starting: that choice is newer than the answer the start
 * asked for, which then neither shows here nor is remembered (remembering it would switch the other tab back).
 */
let choiceFromAnotherTab = false;

/** At start, before the first render: the server's choice, or offline the last one shown. */
export async function startLanguage(): Promise<void> {
  try {
    const answer = await fetchLanguage();
    if (choiceFromAnotherTab) return;
    activate(answer);
    // Off the first render's path: stringifying and storing a whole catalog is a long task on a slow phone.
    (window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200)))(() => choiceFromAnotherTab || remember("language", answer));
  } catch (error) {
    if (choiceFromAnotherTab) return;
    const last = recall("language");
    if (!last) throw error;
    activate(last);
  }
}

/** The language this device chose: remembered in a cookie (the server reads it at the next start) and shown now. */
export async function chooseLanguage(code: string): Promise<void> {
  const answer = await fetchLanguage(code);
  document.cookie = `${COOKIE}=${encodeURIComponent(answer.language)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  remember("language", answer);
  activate(answer);
}

/**
 * A language chosen in another tab of this browser (it remembers the catalog in localStorage) shows here too, in
 * place: the device has one language, not one per tab.
 */
export function followOtherTabs(): void {
  window.addEventListener("storage", (event) => {
    const answer = event.key === LANGUAGE_KEY && event.newValue ? recall("language") : undefined;
    if (!answer) return;
    choiceFromAnotherTab = true;
    if (answer.language !== i18n.locale) activate(answer);
  });
}

/** Whether this device ever chose a language itself (rather than getting the browser's). */
export const choseLanguage = () => document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${COOKIE}=`));

/** For memoised components: renders again when the language changes (their props alone would not). */
export const useLanguage = () => useAtomValue(languageAtom);
