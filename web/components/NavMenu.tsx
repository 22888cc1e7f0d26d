import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { configAtom, inArchiveAtom, userAtom, videoLockedAtom } from "../state/session";
import { logoutActionAtom } from "../state/sessionActions";

const itemClass =
  "block w-full px-4 py-3 text-left text-sm font-medium text-gray-900 hover:bg-gray-100 focus-visible:bg-gray-100 focus-visible:outline-none";

type Entry = [label: string, href: string];

function useEntries(): Entry[] {
  const user = useAtomValue(userAtom);
  const inArchive = useAtomValue(inArchiveAtom);
  if (user) {
    const admin: Entry[] = user.role === 2 ? [["Admin Page", "/admin"]] : [];
    return [["Home", "/home"], ["Evidence", "/evidence"], ...admin, ["Archive", "/archive"], ["Help", "/help"]];
  }
  const account: Entry[] = inArchive ? [] : [["Register", "/registration"], ["Login", "/login"]];
  return [["Home", "/home"], ["Archive", "/archive"], ...account];
}

/**
 * The site menu as a disclosure (WAI's pattern for site navigation). Headless UI's Menu would add ~32 KB gzip to
 * the first load of /home and break the 90 KB budget, so this stays hand-made: Escape and outside clicks close it.
 */
export function NavMenu() {
  const user = useAtomValue(userAtom);
  const locked = useAtomValue(videoLockedAtom);
  const { projectName, spyUrl } = useAtomValue(configAtom);
  const logout = useSetAtom(logoutActionAtom);
  const [location, navigate] = useLocation();
  const entries = useEntries();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

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
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        disabled={locked}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menu"
        onClick={() => setOpen(!open)}
        className="flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-50"
      >
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-xl bg-white py-1 shadow-xl ring-1 ring-black/10"
      >
        {entries.map(([label, href]) => (
          <li key={href}>
            <Link href={href} className={itemClass} aria-current={location === href ? "page" : undefined}>
              {label}
            </Link>
          </li>
        ))}
        {user && (
          <>
            <li>
              <a href={spyUrl} target="_blank" rel="noopener noreferrer" className={itemClass}>
                Spy on {projectName} (opens in a new tab)
              </a>
            </li>
            <li className="border-t border-gray-200">
              <button
                type="button"
                className={`${itemClass} text-red-800`}
                onClick={async () => {
                  await logout();
                  navigate("/");
                }}
              >
                Logout
              </button>
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
