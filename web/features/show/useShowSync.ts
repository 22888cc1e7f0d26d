import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { languageAtom } from "../i18n/language";
import { refreshShowAtom } from "./state";

/**
 * An admin's app follows the show live: the admins' stream (liveHub.ts) says `show` after every change, made here, in
 * another tab or on another instance. Participants read the show at start only: a new text reaches them on their next
 * visit, never in the middle of what they are doing.
 */
export function useShowSync(enabled: boolean) {
  const refresh = useSetAtom(refreshShowAtom);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let ended = false;
    // The hub's code loads for admins only: a participant's first page does not carry it (design.md §7's 90 KB).
    void import("../live/liveHub").then(({ subscribeLive }) => {
      if (ended) return;
      stop = subscribeLive(null, (name) => {
        if (name === "show") void refresh().catch((error) => console.warn("Could not refresh the show", error));
      });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [enabled, refresh]);
}

/**
 * The show's words follow this device's language: a switch asks the server for them again (it translates them). Runs
 * on a switch only (`language` alone is watched): before the start is over, the start-up's request asks in it already.
 */
export function useShowLanguage(ready: boolean) {
  const refresh = useSetAtom(refreshShowAtom);
  const { language } = useAtomValue(languageAtom);
  useEffect(() => {
    if (ready) void refresh().catch((error) => console.warn("Could not read the show in the new language", error));
  }, [language]);
}
