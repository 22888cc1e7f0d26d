import { useAtomValue } from "jotai";
import { inArchiveAtom, sessionReadyAtom, userAtom } from "../../state/session";
import type { IconName } from "../../ui/Icon";
import type { MessageId } from "../i18n/i18n";

export interface NavEntry {
  /** Shown through t(): the language can change while the menu is open. */
  label: MessageId;
  href: string;
  icon: IconName;
}

const HOME: NavEntry = { label: "nav.home", href: "/home", icon: "home" };
const EVIDENCE: NavEntry = { label: "nav.evidence", href: "/evidence", icon: "list" };
const ADMIN: NavEntry = { label: "nav.admin", href: "/admin", icon: "admin" };
const ARCHIVE: NavEntry = { label: "nav.archive", href: "/archive", icon: "archive" };
const HELP: NavEntry = { label: "nav.help", href: "/help", icon: "help" };
const REGISTER: NavEntry = { label: "nav.register", href: "/registration", icon: "ticket" };
const LOGIN: NavEntry = { label: "nav.login", href: "/login", icon: "user" };
const PROFILE: NavEntry = { label: "nav.profile", href: "/user", icon: "user" };

/**
 * The spec's menu entries that lead to our own screens, in its order and for the viewer's role (spec §2 "Navigation
 * bar"). A logged-in user's list goes on with the external spy link and Logout, which the bar adds after these.
 */
export function useNavEntries(): NavEntry[] {
  const user = useAtomValue(userAtom);
  const inArchive = useAtomValue(inArchiveAtom);
  // Until the start-up answers, who is looking is unknown: no Register/Login flashing past a logged-in user.
  if (!useAtomValue(sessionReadyAtom)) return [];
  if (user?.role === 2) return [HOME, EVIDENCE, ADMIN, ARCHIVE, HELP];
  // After the show a participant comes for the archive and their rights (Profile → My data), nothing else.
  if (user) return inArchive ? [ARCHIVE, PROFILE] : [HOME, EVIDENCE, ARCHIVE, HELP];
  return inArchive ? [HOME, ARCHIVE] : [HOME, ARCHIVE, REGISTER, LOGIN];
}

/** Whether `href` is the entry for the screen at `location` (/home-validate is Home, /Evidence and /archive/12 too). */
export function isCurrentEntry(location: string, href: string) {
  const path = location.toLowerCase();
  if (href === "/home") return path === "/home" || path === "/home-validate";
  return path === href || path.startsWith(`${href}/`);
}
