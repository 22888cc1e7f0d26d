import { atom } from "jotai";

/**
 * A screen with something to lose (a recording under way) sets this: every in-app navigation is handed to it first,
 * and it returns true to hold the navigation back (it asks, then navigates itself or not).
 */
export type LeaveGuard = (to: string) => boolean;
export const leaveGuardAtom = atom<LeaveGuard | null>(null);
