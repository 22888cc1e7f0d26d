import { useAtomValue } from "jotai";
import { Link } from "wouter";
import { LogoutButton, NavLink, SpyNavLink } from "./NavLinks";
import { useNavEntries } from "./navEntries";
import { showAtom } from "../show/state";
import { userAtom } from "../../state/session";
import { Avatar } from "../../ui/Avatar";
import { NavMenu } from "./NavMenu";
import { LanguageSwitch } from "../i18n/LanguageSwitch";
import { useT } from "../i18n/scope";

const barLinkClass = "inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-medium whitespace-nowrap";
/** The current page: white text and the accent's rule along the bar's lower edge. */
const entryClass = (current: boolean) =>
  `${barLinkClass} relative ${
    current
      ? "text-white after:absolute after:inset-x-3 after:-bottom-3 after:h-0.5 after:rounded-full after:bg-accent"
      : "text-ink-200 hover:bg-white/8 hover:text-white"
  }`;

/**
 * The top bar on the dark surface: the operator's logo and the project name, the avatar (→ /user) and, by width,
 * the spec's entries. Phones: the routes are in the tab bar (TabBar), the rest in the menu. From 640 px the routes
 * are in the bar and the menu keeps everything; from 1024 px the spy link and Logout fit too and the menu goes.
 */
export function NavBar() {
  const user = useAtomValue(userAtom);
  const { project_name: projectName, logo_url: logoUrl } = useAtomValue(showAtom);
  const entries = useNavEntries();
  const { t } = useT();
  const avatar = user?.verification_photo ? user.verification_photo_AWS_URL : null;
  return (
    <header className="surface-dark sticky top-0 z-30 border-b border-white/10 bg-ink-950 text-ink-50">
      <nav aria-label={t("nav.main")} className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:h-16 sm:gap-3 sm:px-6">
        <div className="min-w-0 flex-1">
          <Link href="/home" className="inline-flex max-w-full items-center gap-2.5 rounded-lg py-1 pe-2">
            <img src={logoUrl} alt={t("nav.logo_alt", { project: projectName || "casefile" })} width={36} height={36} className="size-9 shrink-0 rounded-md" />
            <span aria-hidden="true" className="min-w-0 truncate font-display text-2xl leading-tight">
              {projectName}
            </span>
          </Link>
        </div>
        <ul className="hidden shrink-0 items-center gap-0.5 sm:flex">
          {entries.map((entry) => (
            <li key={entry.href}>
              <NavLink entry={entry} className={entryClass} />
            </li>
          ))}
          {user && (
            <>
              <li className="hidden lg:block">
                <SpyNavLink className={`${barLinkClass} text-ink-200 hover:bg-white/8 hover:text-white`} labelClassName="max-w-48 truncate" />
              </li>
              <li className="hidden lg:block">
                <LogoutButton className={`${barLinkClass} text-ink-200 hover:bg-white/8 hover:text-white`} />
              </li>
            </>
          )}
          <li className="hidden lg:block">
            <LanguageSwitch tone="dark" />
          </li>
        </ul>
        <Link href="/user" aria-label={t("nav.profile")} className="shrink-0 rounded-full">
          <Avatar src={avatar} alt="" size="sm" own />
        </Link>
        <NavMenu />
      </nav>
    </header>
  );
}
