import { useCallback, useReducer } from "react";
import { CONSOLE_PAGE_SIZE, listConsolePage, type ConsoleItem, type ConsoleQuery } from "../../../api/console";
import { usePagedEvidence } from "../../../lib/usePagedEvidence";
import { matchesQuery } from "../matchesQuery";
import { useConsoleCounts } from "./useConsoleCounts";
import { useLiveEvents } from "./useLiveEvents";

/** The console's rows for a query: pages, the counts beside them, and the live feed folded in without a reload. */
export function useConsoleItems(query: ConsoleQuery) {
  const fetchPage = useCallback(
    (before?: number, loaded?: number) => listConsolePage(query, query.sort && query.sort !== "newest" ? { offset: loaded } : { before }),
    [query],
  );
  const paged = usePagedEvidence<ConsoleItem>(fetchPage, CONSOLE_PAGE_SIZE);
  const [countsVersion, recount] = useReducer((version: number) => version + 1, 0);
  const counts = useConsoleCounts(query, countsVersion);
  const { setItems } = paged;

  /** Merges a changed item in (keeping fields an older answer lacks, such as the participant's name). */
  const replace = useCallback(
    (changed: Partial<ConsoleItem> & { id: number }) => setItems((items) => items.map((item) => (item.id === changed.id ? { ...item, ...changed } : item))),
    [setItems],
  );
  const remove = useCallback((ids: number[]) => setItems((items) => items.filter((item) => !ids.includes(item.id))), [setItems]);

  const live = useLiveEvents({
    created: (item) => {
      if (matchesQuery(item, query)) setItems((items) => (items.some((seen) => seen.id === item.id) ? items : [item, ...items]));
      recount();
    },
    updated: (item) => {
      replace(item);
      recount();
    },
    deleted: (id) => {
      remove([id]);
      recount();
    },
  });
  return { ...paged, counts, recount, replace, remove, live };
}
