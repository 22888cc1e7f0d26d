import { useEffect, useRef, useState } from "react";
import type { ConsoleItem } from "../../../api/console";

/**
 * The keyboard cursor of the console, held by an item's id, never by a position: arrivals above it, edits and
 * deletions by others leave it on the same item. `shown` is that item as last seen (kept when it is deleted
 * elsewhere, so an open viewer does not jump); `current` is what the keys act on, only while the item exists.
 */
export function useItemCursor(items: ConsoleItem[], loading: boolean, deleted: ReadonlySet<number>) {
  const [cursorId, setCursorId] = useState<number | null>(null);
  // No cursor yet (a new view): the first item, once the view has loaded.
  useEffect(() => {
    if (cursorId === null && !loading && items[0]) setCursorId(items[0].id);
  }, [cursorId, loading, items]);

  const index = cursorId === null ? -1 : items.findIndex((item) => item.id === cursorId);
  // Where the cursor's item was: j/k go on from there when it was deleted meanwhile.
  const lastIndex = useRef(0);
  if (index >= 0) lastIndex.current = index;
  const found = index >= 0 ? items[index]! : null;
  const kept = useRef<ConsoleItem | null>(null);
  if (found) kept.current = found;
  const shown = found ?? (kept.current?.id === cursorId ? kept.current : null);
  const gone = cursorId !== null && deleted.has(cursorId);

  const move = (step: number) => {
    if (items.length === 0) return;
    const from = index >= 0 ? index : lastIndex.current - (step > 0 ? 1 : 0);
    setCursorId(items[Math.max(0, Math.min(items.length - 1, from + step))]!.id);
  };
  return { cursorId, setCursorId, index, shown, gone, current: gone ? null : found, move };
}
