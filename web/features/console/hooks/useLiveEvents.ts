import { useEffect, useRef, useState } from "react";
import type { ConsoleItem } from "../../../api/console";
import { type LiveStatus, subscribeLive, watchLiveStatus } from "../../live/liveHub";

export type { LiveStatus };
export interface LiveHandlers {
  created: (item: ConsoleItem) => void;
  updated: (item: ConsoleItem) => void;
  deleted: (id: number) => void;
}

/**
 * The items' changes from the admins' live stream (liveHub.ts: one stream per browser, whatever the tabs), and its
 * state. `after`: the audit id the view's list was read after (changes from there on, some already in the list, come
 * again); undefined waits for it; null starts at the newest change. A CLOSED stream (the server refused it: a lost
 * session) shows as "unavailable".
 */
export function useLiveEvents(handlers: LiveHandlers, after: number | null | undefined): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => watchLiveStatus(setStatus), []);
  useEffect(() => {
    if (after === undefined) return;
    return subscribeLive(after, (name, data) => {
      if (name === "evidence.created") latest.current.created(data as ConsoleItem);
      else if (name === "evidence.updated") latest.current.updated(data as ConsoleItem);
      else if (name === "evidence.deleted") latest.current.deleted((data as { id: number }).id);
    });
  }, [after]);
  return status;
}
