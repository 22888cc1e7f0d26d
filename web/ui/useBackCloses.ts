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
    let depth = 0;
    let poppedByBack = false;
    let cancelled = false;
    const onPop = (event: PopStateEvent) => {
      if (depthOf(event.state) < depth) {
        poppedByBack = true;
        onBackRef.current();
      }
    };
    const start = () => {
      if (cancelled) return;
      depth = depthOf(history.state) + 1;
      history.pushState({ ...(history.state ?? {}), [DEPTH_KEY]: depth }, "");
      window.addEventListener("popstate", onPop);
    };
    // A dialog opened as another closes (Edit from the detail) waits for that one's entry to be gone first.
    if (pendingBack) pendingBack.then(start);
    else start();
    return () => {
      cancelled = true;
      window.removeEventListener("popstate", onPop);
      if (depth && !poppedByBack && depthOf(history.state) === depth) goBack();
    };
  }, [open, enabled]);
}

let pendingBack: Promise<void> | null = null;

/** history.back() is asynchronous: remember it until its popstate has arrived. */
function goBack() {
  pendingBack = new Promise((resolve) => {
    const arrived = () => {
      window.removeEventListener("popstate", arrived);
      pendingBack = null;
      resolve();
    };
    window.addEventListener("popstate", arrived);
  });
  history.back();
}
