import { atom } from "jotai";
import type { AppConfig, User } from "../api/types";
import { remember } from "./lastSession";

// mailConfigured: until the server says otherwise, the reset screen works as it always did.
export const configAtom = atom<AppConfig>({ archiveMode: false, maxUploadBytes: 0, publicUrl: null, mailConfigured: true });
/** Answer of GET /api/evidence/isArchive, asked on start. */
export const inArchiveAtom = atom(false);
const currentUserAtom = atom<User | null>(null);
/** The fetched user; null when logged out. Emptied on logout. Remembered on this device for an offline start. */
export const userAtom = atom(
  (get) => get(currentUserAtom),
  (_get, set, user: User | null) => {
    set(currentUserAtom, user);
    remember("user", user);
    if (!user) remember("avatar", null); // nothing of theirs stays on the phone after logout
  },
);
/** False until the start-up fetches (config, archive flag, user) have answered. */
export const sessionReadyAtom = atom(false);
/**
 * The video gate: a logged-in user who has not watched the onboarding video may not navigate. Not in archive mode:
 * the show is over, there is no briefing, and a participant comes only for their data.
 */
export const videoLockedAtom = atom((get) => {
  const user = get(userAtom);
  return user !== null && !user.video_watched && !get(inArchiveAtom);
});
