import { useEffect, useState } from "react";
import { ApiError } from "../../api/client";
import type { Evidence } from "../../api/types";
import { getPublicEvidence } from "./api";

export type ViewerItem = { state: "ready"; item: Evidence } | { state: "loading" } | { state: "missing" } | { state: "failed"; retry: () => void };

/**
 * The item the viewer shows: from the pages loaded so far, or (a link to an item further back) asked for on its own.
 * A private or unknown id is "missing" (the server answers 404 for both, so nothing leaks); anything else "failed".
 */
export function useViewerItem(id: number, listed: Evidence | undefined): ViewerItem {
  const [fetched, setFetched] = useState<{ id: number; result: ViewerItem } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const needed = !listed && Number.isSafeInteger(id) && id > 0;
  const retry = () => {
    setFetched(null);
    setAttempt((n) => n + 1);
  };
  useEffect(() => {
    if (!needed) return;
    let current = true;
    getPublicEvidence(id).then(
      (item) => current && setFetched({ id, result: { state: "ready", item } }),
      (error: unknown) => {
        if (!current) return;
        const missing = error instanceof ApiError && error.status === 404;
        if (!missing) console.warn("Could not load the archive item", error);
        setFetched({ id, result: missing ? { state: "missing" } : { state: "failed", retry } });
      },
    );
    return () => {
      current = false;
    };
  }, [id, needed, attempt]);
  if (listed) return { state: "ready", item: listed };
  if (!Number.isSafeInteger(id) || id <= 0) return { state: "missing" };
  return fetched?.id === id ? fetched.result : { state: "loading" };
}
