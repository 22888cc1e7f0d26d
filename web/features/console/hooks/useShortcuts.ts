import { useEffect, useRef } from "react";

/** Keys a form control needs for itself: shortcuts stay quiet while one of them has focus. */
function typingInto(target: EventTarget | null) {
  if (target instanceof HTMLInputElement) return !/^(checkbox|radio|button|submit|reset)$/.test(target.type);
  return target instanceof HTMLElement && (target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName));
}

/** Single-key shortcuts (no modifiers) on the whole document while `enabled`. */
export function useShortcuts(bindings: Record<string, () => void>, enabled: boolean) {
  const latest = useRef(bindings);
  latest.current = bindings;
  useEffect(() => {
    if (!enabled) return;
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || typingInto(event.target)) return;
      const action = latest.current[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled]);
}
