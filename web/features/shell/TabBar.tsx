import { Icon } from "../../ui/Icon";
import { NavLink } from "./NavLinks";
import { useNavEntries } from "./navEntries";
import { t } from "../i18n/i18n";

/** The current tab: white, with the accent's rule along its top edge. */
const tabClass = (current: boolean) =>
  `relative flex h-16 flex-col items-center justify-center gap-1 px-1 text-xs font-medium ${
    current ? "text-white before:absolute before:inset-x-5 before:top-0 before:h-0.5 before:rounded-full before:bg-accent" : "text-ink-300 hover:text-white"
  }`;

/**
 * Phones (< 640 px): the spec's routes as a tab bar along the bottom edge, within the thumb's reach. Its height is
 * --tab-bar (set in App), which fixed elements at the bottom (the upload queue, the plus button, the toast) add to
 * their offset.
 */
export function TabBar() {
  const entries = useNavEntries();
  return (
    // Its full height from the first frame, before the entries are known: nothing moves when they arrive.
    <nav aria-label={t("nav.tabs")} className="surface-dark fixed inset-x-0 bottom-0 z-30 min-h-(--tab-bar) border-t border-white/10 bg-ink-950 pb-[env(safe-area-inset-bottom)] sm:hidden">
      <ul className="flex">
        {entries.map((entry) => (
          <li key={entry.href} className="min-w-0 flex-1">
            <NavLink entry={entry} className={tabClass}>
              <Icon name={entry.icon} className="size-6" />
              <span className="max-w-full truncate">{t(entry.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
