import { atom } from "jotai";
import type { Wording } from "../features/i18n/i18n";

export const loginMessageAtom = atom<Wording | null>(null);
export const registrationMessageAtom = atom<Wording | null>(null);

/** Forgets both messages: they belong to the screen they were raised on, not to the next one. */
export const clearFormMessagesAtom = atom(null, (_get, set) => {
  set(loginMessageAtom, null);
  set(registrationMessageAtom, null);
});
