import { useAtomValue, useSetAtom } from "jotai";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { draftsAtLogoutAtom } from "../../state/draftsAtLogout";
import { logoutActionAtom } from "../../state/sessionActions";

/**
 * Spec §4 Logout: post logout, unset the user, then go to /. Unsent drafts kept on this device are asked about first
 * (keep, the default, or remove; cancel stays logged in).
 */
export function useLogout() {
  const logout = useSetAtom(logoutActionAtom);
  const drafts = useAtomValue(draftsAtLogoutAtom);
  const [, navigate] = useLocation();
  return useCallback(async () => {
    const choice = drafts ? await drafts.ask() : "keep";
    if (choice === "cancel") return;
    if (choice === "remove") await drafts!.removeAll().catch((error) => console.error("Drafts could not be removed", error));
    await logout();
    navigate("/");
  }, [drafts, logout, navigate]);
}
