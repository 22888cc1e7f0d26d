import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { userAtom } from "../../state/session";
import { queueRowsAtom } from "./queueAtoms";
import { isActive } from "./queueState";

/**
 * Runs the queue for whoever is logged in (its module loads then, not on a visitor's first page), and asks before
 * the page is left while items are still on their way.
 */
export function useCaptureQueue() {
  const userId = useAtomValue(userAtom)?.id ?? null;
  const rows = useAtomValue(queueRowsAtom);
  const unsent = rows.some((row) => isActive(row.state));
  useEffect(() => {
    if (userId === null) return;
    const runner = import("./queueRunner");
    runner.then((queue) => queue.startQueue(userId)).catch((error) => console.error("The capture queue could not start", error));
    return () => void runner.then((queue) => queue.stopQueue());
  }, [userId]);
  useEffect(() => {
    if (!unsent) return;
    const askFirst = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", askFirst);
    return () => window.removeEventListener("beforeunload", askFirst);
  }, [unsent]);
}
