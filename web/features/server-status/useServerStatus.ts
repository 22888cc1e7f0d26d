import { useEffect, useState } from "react";
import { fetchServerStatus, type ServerStatus } from "./serverStatus";

/** The server's status, fetched again every `everyMs` while the component is shown (a failed fetch keeps the last one, and says why). */
export function useServerStatus(everyMs: number) {
  const [status, setStatus] = useState<ServerStatus>();
  const [error, setError] = useState<Error>();
  useEffect(() => {
    let stopped = false;
    const load = () =>
      fetchServerStatus().then(
        (next) => {
          if (stopped) return;
          setStatus(next);
          setError(undefined);
        },
        (failure: Error) => !stopped && setError(failure),
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
