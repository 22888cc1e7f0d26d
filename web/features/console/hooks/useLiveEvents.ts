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
 */
export function useLiveEvents(handlers: LiveHandlers): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const source = new EventSource("/api/events");
    const read = (event: Event) => JSON.parse((event as MessageEvent<string>).data) as ConsoleItem;
    source.addEventListener("open", () => setStatus("live"));
    source.addEventListener("error", () => setStatus(source.readyState === EventSource.CLOSED ? "unavailable" : "connecting"));
    source.addEventListener("evidence.created", (event) => latest.current.created(read(event)));
    source.addEventListener("evidence.updated", (event) => latest.current.updated(read(event)));
    source.addEventListener("evidence.deleted", (event) => latest.current.deleted(read(event).id));
    return () => source.close();
  }, []);
  return status;
}
