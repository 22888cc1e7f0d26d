import { type RefObject, useEffect, useState } from "react";

/**
 * Whether a row that scrolls sideways has more beyond its end edge (right, or left in a right-to-left page), so the
 * row can show it (a fade) where a hidden scrollbar gives no sign. Follows scrolling, the row's size, and its content:
 * once the row is as wide as it may be, its box stays the same while its pills' words change (a language switched in
 * place, a web font arriving), so each child is watched too, and children that come and go.
 */
export function useMoreToScroll(ref: RefObject<HTMLElement | null>) {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    // In a right-to-left row scrollLeft runs from 0 to negative values: what is left is the same sum either way.
    const check = () => setMore(row.scrollWidth - row.clientWidth - Math.abs(row.scrollLeft) > 1);
    const resized = new ResizeObserver(check);
    const watch = () => {
      resized.disconnect();
      for (const box of [row, ...row.children]) resized.observe(box);
    };
    check();
    watch();
    const children = new MutationObserver(() => {
      watch();
      check();
    });
    children.observe(row, { childList: true });
    row.addEventListener("scroll", check, { passive: true });
    return () => {
      row.removeEventListener("scroll", check);
      resized.disconnect();
      children.disconnect();
    };
  }, [ref]);
  return more;
}
