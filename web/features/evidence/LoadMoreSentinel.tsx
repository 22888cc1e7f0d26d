import { useEffect, useRef } from "react";

/** Calls onVisible whenever this marker at the end of a list scrolls into view (infinite scrolling). */
export function LoadMoreSentinel({ onVisible, disabled }: { onVisible: () => void; disabled: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || disabled) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onVisible(), {
      rootMargin: "600px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onVisible, disabled]);
  return <div ref={ref} aria-hidden="true" className="h-px" />;
}
