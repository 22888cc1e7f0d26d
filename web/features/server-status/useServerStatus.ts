import { useEffect, useState } from "react";
import { fetchServerStatus, type ServerStatus } from "./serverStatus";

/** The server's status, fetched again every `everyMs` while the component is shown (a failed fetch keeps the last one). */
export function useServerStatus(everyMs: number) {
  const [status, setStatus] = useState<ServerStatus>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let stopped = false;
    const load = () =>
      fetchServerStatus().then(
        (next) => {
          if (stopped) return;
          setStatus(next);
          setError(undefined);
        },
        (failure: Error) => !stopped && setError(failure.message),
      );
    load();
    const timer = setInterval(load, everyMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [everyMs]);
  return { status, error };
}
