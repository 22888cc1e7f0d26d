import { useEffect, useRef, useState } from "react";
import type { ConsoleItem } from "../../../api/console";

export type LiveStatus = "connecting" | "live" | "unavailable";
export interface LiveHandlers {
  created: (item: ConsoleItem) => void;
  updated: (item: ConsoleItem) => void;
  deleted: (id: number) => void;
}

/**
 * The server's change feed (GET /api/events, SSE). EventSource reconnects by itself with Last-Event-ID; a CLOSED
 * state means the server refused the stream (missing endpoint, lost session), shown as "unavailable".
 * `after`: the audit id the view's list was read after (events from there on, some of them already in the list, come
 * again); undefined waits for it; null starts at the newest change.
 */
export function useLiveEvents(handlers: LiveHandlers, after: number | null | undefined): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (after === undefined) return;
    const source = new EventSource(after === null ? "/api/events" : `/api/events?after=${after}`);
    const read = (event: Event) => JSON.parse((event as MessageEvent<string>).data) as ConsoleItem;
    source.addEventListener("open", () => setStatus("live"));
    source.addEventListener("error", () => setStatus(source.readyState === EventSource.CLOSED ? "unavailable" : "connecting"));
    source.addEventListener("evidence.created", (event) => latest.current.created(read(event)));
    source.addEventListener("evidence.updated", (event) => latest.current.updated(read(event)));
    source.addEventListener("evidence.deleted", (event) => latest.current.deleted(read(event).id));
    return () => source.close();
  }, [after]);
  return status;
}
