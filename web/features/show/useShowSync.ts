import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { refreshShowAtom } from "./state";

/**
 * An admin's app follows the show live: the admins' stream (GET /api/events) says `show` after every change, made
 * here, in another tab or on another instance. Participants read the show at start only: a new text reaches them on
 * their next visit, never in the middle of what they are doing.
 */
export function useShowSync(enabled: boolean) {
  const refresh = useSetAtom(refreshShowAtom);
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource("/api/events");
    source.addEventListener("show", () => void refresh().catch((error) => console.warn("Could not refresh the show", error)));
    return () => source.close();
  }, [enabled, refresh]);
}
