import { atom, type Setter } from "jotai";
import { ApiError } from "../api/client";
import { getCurrentUser, login, logout, logoutEverywhere } from "../api/session";
import { syncAccountLanguage } from "../features/i18n/accountLanguage";
import { loginMessageAtom } from "./errors";
import { recall } from "./lastSession";
import { evidenceActionAtom, mediaAtom } from "./evidence";
import { userAtom } from "./session";
import { t } from "../features/i18n/i18n";


/**
 * Refetches the current user; a failure is only logged (spec §8) and leaves the user as it was, or, when the app
 * starts offline, makes it the user last seen on this device.
 */
export const refreshUserAtom = atom(null, async (get, set) => {
  try {
    const user = await getCurrentUser();
    set(userAtom, user);
    void syncAccountLanguage(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) set(userAtom, null);
    else {
      console.error("Could not fetch the user", error);
      if (!get(userAtom)) set(userAtom, recall("user") ?? null);
    }
    return null;
  }
});

/** Spec §4 Login: clear the message, post the credentials, then fetch the user. Resolves to the user, or null. */
export const loginActionAtom = atom(null, async (_get, set, credentials: { usernameOrEmail: string; password: string }) => {
  set(loginMessageAtom, null);
  if (!credentials.usernameOrEmail.trim() || !credentials.password) {
    set(loginMessageAtom, { id: "login.missing" });
    return null;
  }
  try {
    await login(credentials.usernameOrEmail.trim(), credentials.password);
  } catch (error) {
    const serverSaid = error instanceof ApiError && (error.status === 429 || error.status === 503);
    set(
      loginMessageAtom,
      error instanceof ApiError && error.status === 401 ? { id: "login.mismatch" } : serverSaid ? { text: (error as ApiError).message } : { id: "login.failed" },
    );
    return null;
  }
  return set(refreshUserAtom);
});

function forgetSession(set: Setter) {
  set(userAtom, null);
  set(evidenceActionAtom, { type: "reset" });
  set(mediaAtom, []);
}

/** Spec §4 Logout: post logout, then unset the user (whatever the server said) and forget private state. */
export const logoutActionAtom = atom(null, async (_get, set) => {
  try {
    await logout();
  } catch (error) {
    console.error("Logout failed", error);
  }
  forgetSession(set);
});

/**
 * "Log out everywhere": ends every session of the account, then forgets the user as logout does. Unlike logout it
 * throws when the server failed: the other devices may still be signed in, and the user must know.
 */
export const logoutEverywhereActionAtom = atom(null, async (_get, set) => {
  await logoutEverywhere();
  forgetSession(set);
});
