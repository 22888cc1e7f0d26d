import { useStore } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { leaveGuardAtom } from "../../state/leaveGuard";
import { useBackCloses } from "../../ui/useBackCloses";

/**
 * While `guarded`, leaving the screen asks first: a navigation inside the app and the phone's Back button open the
 * question (`asking`), closing or reloading the tab gets the browser's own. `stay()` answers "keep"; `leave()`
 * answers "discard" and completes the leave that was asked about. `release()` lets the screen's own navigation
 * (saving, with `replace` so the Back entry goes) pass.
 */
export function useLeaveGuard(guarded: boolean) {
  const store = useStore();
  const [, navigate] = useLocation();
  /** The leave held back, to complete on Discard; `byBack` when it was the Back button. */
  const [pending, setPending] = useState<{ go: () => void; byBack: boolean } | null>(null);
  const released = useRef(false);

  // In-app navigation. On Discard it goes on with `replace`, over the history entry that guards Back (below).
  useEffect(() => {
    if (!guarded) return;
    released.current = false;
    store.set(leaveGuardAtom, () => (to: string) => {
      if (released.current) return false;
      setPending({ go: () => navigate(to, { replace: true }), byBack: false });
      return true;
    });
    return () => store.set(leaveGuardAtom, null);
  }, [guarded, store, navigate]);

  // Back: an extra history entry at this address; going back from it asks, Keep puts it back, Discard goes back once more.
  useBackCloses(guarded && !pending?.byBack, () => setPending({ go: () => history.back(), byBack: true }));

  useEffect(() => {
    if (!guarded) return;
    const askFirst = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", askFirst);
    return () => window.removeEventListener("beforeunload", askFirst);
  }, [guarded]);

  const release = useCallback(() => void (released.current = true), []);
  const stay = useCallback(() => setPending(null), []);
  const leave = useCallback(() => {
    release();
    pending?.go();
    setPending(null);
  }, [pending, release]);
  /** Saving failed: the recording is guarded again. */
  const rearm = useCallback(() => void (released.current = false), []);

  return { asking: pending !== null, stay, leave, release, rearm };
}
