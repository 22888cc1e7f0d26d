import { useAtomValue } from "jotai";
import { showAtom } from "../show/state";
import { type TextMarks, textMarks } from "../show/textLanguage";

/** `marks`: the notice's language (it may be the main language's text inside another language's page). */
export type PrivacyNotice = { privacy_notice: string; privacy_notice_version: number; marks?: TextMarks };

/** The show's privacy notice and its version (from the show read at start); undefined while the show is unknown. */
export function useNotice(): PrivacyNotice | undefined {
  const show = useAtomValue(showAtom);
  const { privacy_notice, privacy_notice_version } = show;
  return privacy_notice ? { privacy_notice, privacy_notice_version, marks: textMarks(show, "privacy_notice") } : undefined;
}
