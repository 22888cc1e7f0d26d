import { useAtom } from "jotai";
import { useEffect } from "react";
import { toastAtom } from "../../state/notices";
import { Icon } from "../../ui/Icon";
import { wordingText } from "../i18n/i18n";

const TOAST_MS = 6000;

/**
 * A short confirmation ('New User Created!') at the top edge, above any dialog; gone after 6000 ms (spec §9). Not at
 * the bottom: there it covered the briefing's Play button on a phone, where the briefing opens as a bottom sheet.
 */
export function Toast() {
  const [toast, setToast] = useAtom(toastAtom);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);
  if (!toast) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[calc(0.75rem+env(safe-area-inset-top))] z-[70] flex justify-center px-4">
      <div role="status" className="flex items-center gap-2.5 rounded-full bg-ink-900 py-3 pe-5 ps-4 text-sm font-semibold text-white shadow-lift ring-1 ring-white/10">
        <Icon name="check" className="size-5 shrink-0 text-tape" />
        {wordingText(toast)}
      </div>
    </div>
  );
}
