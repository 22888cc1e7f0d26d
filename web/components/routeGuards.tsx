import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { Redirect } from "wouter";
import LoginScreen from "../screens/LoginScreen";
import { userAtom } from "../state/session";

/** Protected routes show the login screen when nobody is logged in (spec §2). */
export function Protected({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  return user ? children : <LoginScreen />;
}

/** /admin: role 1 goes to /user; any other role is treated as admin. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  if (!user) return <LoginScreen />;
  return user.role === 1 ? <Redirect to="/user" replace /> : children;
}

/** Login and registration are for visitors only. */
export function VisitorsOnly({ children, redirectTo }: { children: ReactNode; redirectTo: string }) {
  const user = useAtomValue(userAtom);
  return user ? <Redirect to={redirectTo} replace /> : children;
}
