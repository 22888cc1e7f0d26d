import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { consoleParams, parseConsoleQuery, type ConsoleQuery } from "../../../api/console";

/**
 * The console's filters live in the URL query under the server's own names, so a view can be shared, reloaded and
 * walked with back/forward. `replace` is for typing in the search box (one history entry per search, not per key).
 */
export function useConsoleQuery(): [ConsoleQuery, (patch: Partial<ConsoleQuery>, replace?: boolean) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = useMemo(() => parseConsoleQuery(search), [search]);
  const update = useCallback(
    (patch: Partial<ConsoleQuery>, replace = false) => {
      const next = consoleParams({ ...query, ...patch }).toString();
      navigate(next ? `${location}?${next}` : location, { replace });
    },
    [query, location, navigate],
  );
  return [query, update];
}
