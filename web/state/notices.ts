import { atom } from "jotai";
import type { Wording } from "../features/i18n/i18n";

export type Tone = "error" | "success" | "info";
/** An in-page alert that belongs to one route, so it survives the navigation that follows an action. */
interface Notice {
  text: string;
  tone: Tone;
  path: string;
}
export const noticeAtom = atom<Notice | null>(null);
/** A short-lived toast such as 'New User Created!', kept as its message (worded when shown, so a language switched meanwhile applies). */
export const toastAtom = atom<Wording | null>(null);

/** On arriving at `path`: a notice meant for another route is old news and goes. */
export const forgetNoticesElsewhereAtom = atom(null, (get, set, path: string) => {
  const notice = get(noticeAtom);
  if (notice && notice.path !== path) set(noticeAtom, null);
});
