import { useCallback, useEffect, useRef, useState } from "react";
import { PAGE_SIZE } from "../api/evidence";
import type { Evidence } from "../api/types";

/**
 * Paging for the archive and admin lists: `before` = the last id (newest first) and `loaded` = how many are shown
 * (the offset of the console's other sorts). A page shorter than `pageSize` is the last one.
 */
export function usePagedEvidence<T extends Evidence = Evidence>(
  fetchPage: (before?: number, loaded?: number) => Promise<T[]>,
  pageSize = PAGE_SIZE,
) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const generation = useRef(0);

  const load = useCallback(
    async (reset: boolean, current: T[]) => {
      if (busy.current && !reset) return;
      busy.current = true;
      const mine = ++generation.current;
      setLoading(true);
      try {
        const page = await fetchPage(reset ? undefined : current.at(-1)?.id, reset ? 0 : current.length);
        if (mine !== generation.current) return;
        setItems(reset ? page : [...current, ...page.filter((item) => !current.some((seen) => seen.id === item.id))]);
        setDone(page.length < pageSize);
        setFailed(false);
      } catch (error) {
        if (mine !== generation.current) return;
        console.error("Could not load evidence", error);
        setFailed(true);
      } finally {
        if (mine === generation.current) {
          busy.current = false;
          setLoading(false);
        }
      }
    },
    [fetchPage, pageSize],
  );

  useEffect(() => {
    load(true, []);
  }, [load]);

  const reload = useCallback(() => load(true, []), [load]);
  const loadMore = useCallback(() => {
    if (!done && !failed) load(false, items);
  }, [done, failed, load, items]);
  return { items, setItems, loading, done, failed, reload, loadMore };
}
