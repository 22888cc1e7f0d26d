import { useEffect, useRef } from "react";

const DEPTH_KEY = "casefileDialogDepth";
const depthOf = (state: unknown) => (state && typeof state === "object" && DEPTH_KEY in state ? Number((state as Record<string, unknown>)[DEPTH_KEY]) : 0);

/**
 * The phone's Back button closes an open dialog instead of leaving the page: opening pushes a history entry (same
 * address) marked with the dialog's depth, Back pops it and closes the topmost dialog only. Closing by a button
 * takes the entry off again, unless the app has navigated meanwhile (then it is simply left behind, harmless).
 */
export function useBackCloses(open: boolean, onBack: () => void, enabled = true) {
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;
  useEffect(() => {
    if (!open || !enabled) return;
    const depth = depthOf(history.state) + 1;
    history.pushState({ ...(history.state ?? {}), [DEPTH_KEY]: depth }, "");
    let poppedByBack = false;
    const onPop = (event: PopStateEvent) => {
      if (depthOf(event.state) < depth) {
        poppedByBack = true;
        onBackRef.current();
      }
    };
    window.addEventListener("popstate", onPop);
    return () => {
      window.removeEventListener("popstate", onPop);
      if (!poppedByBack && depthOf(history.state) === depth) history.back();
    };
  }, [open, enabled]);
}
