import { type RefObject, useEffect, useState } from "react";

/**
 * Whether a row that scrolls sideways has more beyond its end edge (right, or left in a right-to-left page), so the
 * row can show it (a fade) where a hidden scrollbar gives no sign. Follows scrolling and size changes.
 */
export function useMoreToScroll(ref: RefObject<HTMLElement | null>) {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    // In a right-to-left row scrollLeft runs from 0 to negative values: what is left is the same sum either way.
    const check = () => setMore(row.scrollWidth - row.clientWidth - Math.abs(row.scrollLeft) > 1);
    check();
    row.addEventListener("scroll", check, { passive: true });
    const resized = new ResizeObserver(check);
    resized.observe(row);
    return () => {
      row.removeEventListener("scroll", check);
      resized.disconnect();
    };
  }, [ref]);
  return more;
}
