import { useEffect, useState } from "react";
import { Icon } from "../../ui/Icon";
import { t } from "../i18n/i18n";

const COPIED_MS = 2000;

/** Puts text on the clipboard: the Clipboard API where the page may use it, else a selected field (plain http://). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = Object.assign(document.createElement("textarea"), { value: text, readOnly: true });
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.append(field);
    field.select();
    const copied = document.execCommand("copy");
    field.remove();
    return copied;
  }
}

/**
 * Share (the phone's own sheet, Web Share) where the browser has it, else Copy link; the address is the work's own
 * (/archive/<id>), which opens it for whoever receives it.
 */
export function ShareButton({ title }: { title: string }) {
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator.share === "function";
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function share() {
    const url = location.href;
    if (canShare) {
      // Closing the sheet rejects with AbortError: nothing to say then.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    setCopied(await copyText(url));
  }

  const words = canShare ? t("viewer.share") : copied ? t("viewer.link_copied") : t("viewer.copy_link");
  return (
    <button
      type="button"
      onClick={share}
      className="flex h-11 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold whitespace-nowrap text-white ring-1 ring-white/25 transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 max-sm:w-11 max-sm:px-0"
    >
      <Icon name={copied ? "check" : "share"} className="size-5 shrink-0" />
      {/* On a phone the bar has room for the icon only (the check says "copied"); the words stay the button's name. */}
      <span aria-live="polite" className="max-sm:hidden">
        {words}
      </span>
      <span aria-live="polite" className="sr-only sm:hidden">
        {words}
      </span>
    </button>
  );
}
