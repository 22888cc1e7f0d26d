import { useStore } from "jotai";
import { useCallback } from "react";
import { useBrowserLocation } from "wouter/use-browser-location";
import { leaveGuardAtom } from "../../state/leaveGuard";
import { noticeAtom } from "../../state/notices";
import { videoLockedAtom } from "../../state/session";
import { t } from "../i18n/i18n";

export const videoGateMessage = () => t("gate.video");
/** Where a locked user must stay (the onboarding video lives there), and where logout goes. */
const GATE_PATHS = new Set(["/user", "/"]);

type Navigate = (to: string, options?: { replace?: boolean }) => void;
type Store = ReturnType<typeof useStore>;

/** True (and the gate's alert shown) when the user is locked behind the onboarding video. */
function refusedByGate(store: Store) {
  if (!store.get(videoLockedAtom)) return false;
  store.set(noticeAtom, { text: videoGateMessage(), tone: "error", path: window.location.pathname });
  return true;
}

/**
 * wouter location hook with the video gate: while the user is locked, every navigation (links, redirects, menu)
 * except to the profile or to / after logout is refused with the gate alert. Then a screen's leave guard may hold it back.
 */
export function useGatedLocation(): [string, Navigate] {
  const [location, navigate] = useBrowserLocation();
  const store = useStore();
  const gatedNavigate = useCallback<Navigate>(
    (to, options) => {
      if (!GATE_PATHS.has(to) && refusedByGate(store)) return;
      if (store.get(leaveGuardAtom)?.(to)) return;
      navigate(to, options);
    },
    [navigate, store],
  );
  return [location, gatedNavigate];
}

/**
 * For the bar's elements that are not routes (the spy link, Logout): while locked, a click does nothing but show
 * the gate's alert, like every other way out.
 */
export function useGateClick() {
  const store = useStore();
  return useCallback((event: { preventDefault(): void }) => {
    if (refusedByGate(store)) {
      event.preventDefault();
      return true;
    }
    return false;
  }, [store]);
}
