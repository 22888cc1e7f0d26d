import { useSetAtom } from "jotai";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { logoutActionAtom } from "../../state/sessionActions";

/** Spec §4 Logout: post logout, unset the user, then go to /. */
export function useLogout() {
  const logout = useSetAtom(logoutActionAtom);
  const [, navigate] = useLocation();
  return useCallback(async () => {
    await logout();
    navigate("/");
  }, [logout, navigate]);
}
