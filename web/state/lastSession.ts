import type { Show } from "../api/show";
import type { AppConfig, Evidence, User } from "../api/types";
import type { LanguageAnswer } from "../features/i18n/language";

/**
 * The last start-up answers (configuration, the show, archive flag, who is logged in, their own list), kept in localStorage so that the app
 * opened offline after a first visit starts as it last was: a participant gets their own screens, not the login
 * screen. The API itself is never cached (see web/sw.ts); logout and an ended session store "nobody".
 */
type Remembered = {
  config: AppConfig;
  show: Show;
  inArchive: boolean;
  user: User | null;
  /** The participant's own list as last shown (web/state/evidence.ts); null after logout. */
  evidence: { owner: number; items: Evidence[] } | null;
  /** The catalog last shown, so an offline start speaks the same language. */
  language: LanguageAnswer;
  /** The signed-in user's own avatar, small, by its address (web/ui/Avatar.tsx): media is never cached, see web/sw.ts. */
  avatar: { url: string; data: string } | null;
};

/** Where a remembered answer is kept in localStorage (other tabs watch it: web/features/i18n/language.ts). */
export const rememberedKey = (name: keyof Remembered) => `casefile:last-${name}`;

export function remember<K extends keyof Remembered>(name: K, value: Remembered[K]) {
  try {
    localStorage.setItem(rememberedKey(name), JSON.stringify(value));
  } catch {
    // No storage (blocked, full, or not a browser): the app then starts offline as a visitor, nothing worse.
  }
}

export function recall<K extends keyof Remembered>(name: K): Remembered[K] | undefined {
  try {
    const text = localStorage.getItem(rememberedKey(name));
    return text === null ? undefined : (JSON.parse(text) as Remembered[K]);
  } catch {
    return undefined;
  }
}

/** The request's answer, remembered; when the request fails (offline, server down), the last answer remembered. */
export async function withLastAnswer<K extends keyof Remembered>(name: K, request: Promise<Remembered[K]>): Promise<Remembered[K]> {
  try {
    const value = await request;
    remember(name, value);
    return value;
  } catch (error) {
    const last = recall(name);
    if (last === undefined) throw error;
    return last;
  }
}
