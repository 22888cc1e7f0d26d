import { useSetAtom } from "jotai";
import { useCallback } from "react";
import { noticeAtom, type Tone } from "./notices";

/** Puts an in-page alert on the given route (default: the current one). */
export function useNotify() {
  const setNotice = useSetAtom(noticeAtom);
  return useCallback(
    (text: string, tone: Tone = "error", path: string = window.location.pathname) => setNotice({ text, tone, path }),
    [setNotice],
  );
}
