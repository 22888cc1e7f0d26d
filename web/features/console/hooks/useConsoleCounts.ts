import { useEffect, useState } from "react";
import { getConsoleCounts, type ConsoleCounts, type ConsoleQuery } from "../../../api/console";

/** Counts per state for the current filters; `null` while loading, "unavailable" when the server has no counts. */
export function useConsoleCounts(query: ConsoleQuery, version: number) {
  const [counts, setCounts] = useState<ConsoleCounts | null | "unavailable">(null);
  useEffect(() => {
    let current = true;
    getConsoleCounts(query).then(
      (result) => current && setCounts(result),
      (error) => {
        console.warn("Counts unavailable", error);
        if (current) setCounts("unavailable");
      },
    );
    return () => {
      current = false;
    };
  }, [query, version]);
  return counts;
}
