import { useCallback, useEffect, useRef, useState } from "react";
import { PAGE_SIZE } from "../api/evidence";
import type { Evidence } from "../api/types";

/** Cursor paging (newest first, `before` = last id) for the archive and admin lists. */
export function usePagedEvidence(fetchPage: (before?: number) => Promise<Evidence[]>) {
  const [items, setItems] = useState<Evidence[]>([]);
  const [loading, setLoading] = useState(true);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const generation = useRef(0);

  const load = useCallback(
    async (reset: boolean, current: Evidence[]) => {
      if (busy.current && !reset) return;
      busy.current = true;
      const mine = ++generation.current;
      setLoading(true);
      try {
        const page = await fetchPage(reset ? undefined : current.at(-1)?.id);
        if (mine !== generation.current) return;
        setItems(reset ? page : [...current, ...page.filter((item) => !current.some((seen) => seen.id === item.id))]);
        setDone(page.length < PAGE_SIZE);
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
    [fetchPage],
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
