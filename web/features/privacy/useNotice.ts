import { useAtomValue } from "jotai";
import { showAtom } from "../show/state";

export type PrivacyNotice = { privacy_notice: string; privacy_notice_version: number };

/** The show's privacy notice and its version (from the show read at start); undefined while the show is unknown. */
export function useNotice(): PrivacyNotice | undefined {
  const { privacy_notice, privacy_notice_version } = useAtomValue(showAtom);
  return privacy_notice ? { privacy_notice, privacy_notice_version } : undefined;
}
