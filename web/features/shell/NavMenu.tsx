import { useAtomValue } from "jotai";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import { LogoutButton, NavLink, SpyNavLink } from "./NavLinks";
import { useNavEntries } from "./navEntries";
import { userAtom, videoLockedAtom } from "../../state/session";
import { Icon } from "../../ui/Icon";
import { useT } from "../i18n/scope";
import { languageAtom } from "../i18n/language";
import { LanguageSwitch } from "../i18n/LanguageSwitch";

const itemClass =
  "flex min-h-12 w-full items-center gap-3 px-4 py-2.5 text-start text-sm font-medium text-ink-900 hover:bg-paper-deep focus-visible:bg-paper-deep focus-visible:outline-none";
/** The current page: the accent's rule on the left edge. */
const entryClass = (current: boolean) =>
  `${itemClass} relative ${current ? "font-semibold before:absolute before:inset-y-2 before:start-0 before:w-1 before:rounded-e before:bg-accent" : ""}`;

/**
 * The spec's menu (every entry, in its order) as a disclosure, WAI's pattern for site navigation. Headless UI's Menu
 * would add ~32 KB gzip to the first load of /home and break the 90 KB budget, so this stays hand-made: Escape and
 * outside clicks close it. Wide screens show every entry in the bar itself and need no menu (NavBar).
 */
export function NavMenu() {
  const user = useAtomValue(userAtom);
  const locked = useAtomValue(videoLockedAtom);
  const [location] = useLocation();
  const entries = useNavEntries();
  const offersLanguages = useAtomValue(languageAtom).languages.length > 1;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { t } = useT();

  useEffect(() => setOpen(false), [location, locked]);
  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", closeOnOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        disabled={locked}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("nav.menu")}
        onClick={() => setOpen(!open)}
        className="flex size-11 items-center justify-center rounded-full text-ink-50 hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50 aria-expanded:bg-white/10"
      >
        <Icon name={open ? "close" : "menu"} className="size-6" />
      </button>
      {/* Every choice closes it, the page already shown too (it would cover the page and swallow the next tap). */}
      <ul
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as Element).closest("a, button")) setOpen(false);
        }}
        className="absolute end-0 z-40 mt-2 w-72 max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-card bg-paper py-1.5 text-ink-900 shadow-lift ring-1 ring-ink-950/15"
      >
        {entries.map((entry) => (
          <li key={entry.href}>
            <NavLink entry={entry} className={entryClass}>
              <Icon name={entry.icon} className="size-5 shrink-0 text-ink-600" />
              {t(entry.label)}
            </NavLink>
          </li>
        ))}
        {offersLanguages && (
          <li className="mt-1.5 border-t border-line px-4 pt-3 pb-2">
            <LanguageSwitch className="w-full [&>select]:w-full" />
          </li>
        )}
        {user && (
          <>
            <li>
              <SpyNavLink className={`${itemClass} [&>svg]:order-first [&>svg]:size-5 [&>svg]:text-ink-600`} labelClassName="min-w-0 break-words" />
            </li>
            <li className="mt-1.5 border-t border-line pt-1.5">
              <LogoutButton className={`${itemClass} text-red-800 [&>svg]:text-red-800`} />
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
