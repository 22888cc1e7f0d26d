import { atom } from "jotai";

/**
 * What logging out does with the unsent drafts kept on this device (photos, recordings with their own place, notes):
 * keep them for the next visit (the default), remove them, or not log out after all.
 */
export type DraftsChoice = "keep" | "remove" | "cancel";

/**
 * Set by the capture feature while someone is logged in (features/uploads/useDraftsAtLogout.ts): `ask` resolves at
 * once with "keep" when no draft waits, and otherwise asks; `removeAll` forgets every draft of that person here.
 */
export interface DraftsAtLogout {
  ask(): Promise<DraftsChoice>;
  removeAll(): Promise<void>;
}

export const draftsAtLogoutAtom = atom<DraftsAtLogout | null>(null);
