import { useCallback, useState } from "react";

const LAYOUT_KEY = "casefile:desk-layout";

function stored() {
  try {
    return localStorage.getItem(LAYOUT_KEY) === "grid";
  } catch {
    return false;
  }
}

/** The console as a table or as tiles, remembered on this device. */
export function useGridLayout(): [boolean, (grid: boolean) => void] {
  const [grid, setGrid] = useState(stored);
  const choose = useCallback((next: boolean) => {
    setGrid(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next ? "grid" : "table");
    } catch {
      // not remembered (storage refused): the choice holds for this visit
    }
  }, []);
  return [grid, choose];
}
