import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { Redirect } from "wouter";
import type { User } from "../../api/types";
import { LoginScreen } from "./lazyLogin";
import { inArchiveAtom, userAtom } from "../../state/session";

/** Protected routes show the login screen when nobody is logged in (spec §2). */
export function Protected({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  return user ? children : <LoginScreen />;
}

/** Role 1 is a participant; any other role is treated as admin. */
export const isAdmin = (user: User) => user.role !== 1;

/** /admin: a participant goes to /user. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  if (!user) return <LoginScreen />;
  return isAdmin(user) ? children : <Redirect to="/user" replace />;
}

/** Sending and editing evidence: in archive mode a participant goes to /user (their profile and My data) instead. */
export function DuringShow({ children }: { children: ReactNode }) {
  const user = useAtomValue(userAtom);
  const inArchive = useAtomValue(inArchiveAtom);
  if (!user) return <LoginScreen />;
  return inArchive && !isAdmin(user) ? <Redirect to="/user" replace /> : children;
}

/** Login and registration are for visitors only. */
export function VisitorsOnly({ children, redirectTo }: { children: ReactNode; redirectTo: string }) {
  const user = useAtomValue(userAtom);
  return user ? <Redirect to={redirectTo} replace /> : children;
}
