import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { CONSOLE_PAGE_SIZE, listConsolePage, type ConsoleItem, type ConsoleQuery } from "../../../api/console";
import { usePagedEvidence } from "../../../lib/usePagedEvidence";
import { matchesQuery } from "../matchesQuery";
import { useConsoleCounts } from "./useConsoleCounts";
import { useLiveEvents } from "./useLiveEvents";

/**
 * The console's rows for a query: pages, the counts beside them, and the live feed folded in without a reload.
 * New items enter the list at once only when `holdArrivals()` says no (the admin at the top, no viewer open);
 * otherwise they wait in `arrived` behind the "N new — show" control, so nothing moves under the admin's eyes.
 * Items deleted by someone else are remembered in `deleted`, so an open viewer can say so.
 */
export function useConsoleItems(query: ConsoleQuery, holdArrivals: () => boolean) {
  // The live stream starts after the first list's answer, from the audit id that list was read after: what changed
  // between the two still arrives. Later lists (another filter, a reload) keep the stream it opened.
  const [streamAfter, setStreamAfter] = useState<number | null | undefined>(undefined);
  const fetchPage = useCallback(
    async (before?: number, loaded?: number) => {
      try {
        const page = await listConsolePage(query, query.sort && query.sort !== "newest" ? { offset: loaded } : { before });
        setStreamAfter((first) => (first === undefined ? page.eventsAfter : first));
        return page.items;
      } catch (error) {
        setStreamAfter((first) => (first === undefined ? null : first)); // live while the list is retried
        throw error;
      }
    },
    [query],
  );
  const paged = usePagedEvidence<ConsoleItem>(fetchPage, CONSOLE_PAGE_SIZE);
  const [countsVersion, recount] = useReducer((version: number) => version + 1, 0);
  const counts = useConsoleCounts(query, countsVersion);
  const [arrived, setArrived] = useState<ConsoleItem[]>([]);
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const { setItems } = paged;
  const hold = useRef(holdArrivals);
  hold.current = holdArrivals;
  const shown = useRef(paged.items);
  shown.current = paged.items;
  useEffect(() => setArrived([]), [query]);

  /** Merges a changed item in (keeping fields an older answer lacks, such as the participant's name). */
  const replace = useCallback(
    (changed: Partial<ConsoleItem> & { id: number }) => {
      const merge = (items: ConsoleItem[]) => (items.some((item) => item.id === changed.id) ? items.map((item) => (item.id === changed.id ? { ...item, ...changed } : item)) : items);
      setItems(merge);
      setArrived(merge);
    },
    [setItems],
  );
  const remove = useCallback(
    (ids: number[]) => {
      setItems((items) => items.filter((item) => !ids.includes(item.id)));
      setArrived((items) => items.filter((item) => !ids.includes(item.id)));
    },
    [setItems],
  );
  const addNew = useCallback(
    (fresh: ConsoleItem[]) => setItems((items) => [...fresh.filter((item) => !items.some((seen) => seen.id === item.id)), ...items]),
    [setItems],
  );
  /** The waiting arrivals join the top of the list. */
  const waiting = useRef(arrived);
  waiting.current = arrived;
  const showArrived = useCallback(() => {
    addNew(waiting.current);
    setArrived([]);
  }, [addNew]);

  const live = useLiveEvents(
    {
      created: (item) => {
        if (shown.current.some((seen) => seen.id === item.id)) replace(item); // already in the list: replayed from just before it was read
        else if (matchesQuery(item, query)) {
          if (hold.current()) setArrived((held) => (held.some((seen) => seen.id === item.id) ? held : [item, ...held]));
          else addNew([item]);
        }
        recount();
      },
      updated: (item) => {
        replace(item);
        recount();
      },
      deleted: (id) => {
        remove([id]);
        setDeleted((ids) => new Set(ids).add(id));
        recount();
      },
    },
    streamAfter,
  );
  // A reload brings the waiting arrivals in with the rest.
  const reload = useCallback(() => {
    setArrived([]);
    return paged.reload();
  }, [paged.reload]);
  return { ...paged, reload, counts, recount, replace, remove, live, arrived, showArrived, deleted };
}
