import { useAtomValue } from "jotai";
import { Link, useLocation } from "wouter";
import { useGateClick } from "./gatedNavigation";
import { videoLockedAtom } from "../../state/session";
import { showAtom } from "../show/state";
import { ExternalLink } from "../../ui/ExternalLink";
import { Icon } from "../../ui/Icon";
import { isCurrentEntry, type NavEntry } from "./navEntries";
import { useLogout } from "./useLogout";
import { useT } from "../i18n/scope";

/**
 * One of the bar's routes. While the video gate is locked it looks disabled (half transparent); a click still goes
 * through the gated location hook, which refuses it with the gate's alert (spec §4).
 */
export function NavLink({ entry, className, children }: { entry: NavEntry; className: (current: boolean) => string; children?: React.ReactNode }) {
  const [location] = useLocation();
  const locked = useAtomValue(videoLockedAtom);
  const current = isCurrentEntry(location, entry.href);
  const { t } = useT();
  return (
    <Link
      href={entry.href}
      aria-current={current ? "page" : undefined}
      aria-disabled={locked || undefined}
      className={`${className(current)} ${locked ? "opacity-50" : ""}`}
    >
      {children ?? t(entry.label)}
    </Link>
  );
}

/** The spec's external call to action in the bar and the menu: 'Spy on' the project, in a new tab. */
export function SpyNavLink({ className, labelClassName = "" }: { className: string; labelClassName?: string }) {
  const { project_name: projectName, spy_url: spyUrl } = useAtomValue(showAtom);
  const locked = useAtomValue(videoLockedAtom);
  const gateClick = useGateClick();
  const { t } = useT();
  return (
    <ExternalLink href={spyUrl} onClick={gateClick} className={`${className} ${locked ? "opacity-50" : ""}`}>
      <span className={labelClassName}>{t("nav.spy_on", { project: projectName })}</span>
    </ExternalLink>
  );
}

export function LogoutButton({ className }: { className: string }) {
  const logout = useLogout();
  const locked = useAtomValue(videoLockedAtom);
  const gateClick = useGateClick();
  const { t } = useT();
  return (
    <button
      type="button"
      aria-disabled={locked || undefined}
      className={`${className} ${locked ? "opacity-50" : ""}`}
      onClick={(event) => {
        if (!gateClick(event)) void logout();
      }}
    >
      <Icon name="logout" className="size-5 shrink-0" />
      {t("nav.logout")}
    </button>
  );
}
