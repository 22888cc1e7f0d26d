import { useStore } from "jotai";
import { useCallback } from "react";
import { useBrowserLocation } from "wouter/use-browser-location";
import { leaveGuardAtom } from "../state/leaveGuard";
import { noticeAtom } from "../state/notices";
import { videoLockedAtom } from "../state/session";

export const VIDEO_GATE_MESSAGE = "You must watch the video before navigating.";
/** Where a locked user must stay (the onboarding video lives there), and where logout goes. */
const GATE_PATHS = new Set(["/user", "/"]);

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * wouter location hook with the video gate: while the user is locked, every navigation (links, redirects, menu)
 * except to the profile or to / after logout is refused with the gate alert. Then a screen's leave guard may hold it back.
 */
export function useGatedLocation(): [string, Navigate] {
  const [location, navigate] = useBrowserLocation();
  const store = useStore();
  const gatedNavigate = useCallback<Navigate>(
    (to, options) => {
      if (store.get(videoLockedAtom) && !GATE_PATHS.has(to)) {
        store.set(noticeAtom, { text: VIDEO_GATE_MESSAGE, tone: "error", path: window.location.pathname });
        return;
      }
      if (store.get(leaveGuardAtom)?.(to)) return;
      navigate(to, options);
    },
    [navigate, store],
  );
  return [location, gatedNavigate];
}
