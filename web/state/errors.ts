import { atom } from "jotai";

export const loginMessageAtom = atom("");
export const registrationMessageAtom = atom("");

/** Forgets both messages: they belong to the screen they were raised on, not to the next one. */
export const clearFormMessagesAtom = atom(null, (_get, set) => {
  set(loginMessageAtom, "");
  set(registrationMessageAtom, "");
});
