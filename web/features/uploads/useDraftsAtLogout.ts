import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { draftsAtLogoutAtom, type DraftsChoice } from "../../state/draftsAtLogout";
import { userAtom } from "../../state/session";

/** The question being asked: how many drafts wait, and how to answer it. */
export type LogoutQuestion = { count: number; answer(choice: DraftsChoice): void };

/** Drafts worth asking about: everything kept for this person except an untouched empty note. */
async function draftsToAskAbout(ownerId: number): Promise<number> {
  const [{ listDrafts }, { isEmptyNote }] = await Promise.all([import("./draftStore"), import("./draft")]);
  return (await listDrafts(ownerId)).filter((draft) => !isEmptyNote(draft)).length;
}

/** Stops sending and forgets every draft of this person on this device, with its file and slices. */
async function removeDraftsOf(ownerId: number): Promise<void> {
  const [{ listDrafts }, { discard }] = await Promise.all([import("./draftStore"), import("./queueRunner")]);
  for (const draft of await listDrafts(ownerId)) await discard(draft.id);
}

/**
 * Offers the shell's logout (and "Log out everywhere") a way to ask about this device's drafts and to remove them
 * (a shared phone must not keep someone else's photos and recordings); returns the question while one is open.
 */
export function useDraftsAtLogout(): LogoutQuestion | null {
  const userId = useAtomValue(userAtom)?.id ?? null;
  const setDraftsAtLogout = useSetAtom(draftsAtLogoutAtom);
  const [question, setQuestion] = useState<LogoutQuestion | null>(null);
  useEffect(() => {
    if (userId === null) return;
    setDraftsAtLogout({
      ask: async () => {
        const count = await draftsToAskAbout(userId).catch(() => 0);
        if (count === 0) return "keep";
        return new Promise<DraftsChoice>((resolve) =>
          setQuestion({
            count,
            answer: (choice) => {
              setQuestion(null);
              resolve(choice);
            },
          }),
        );
      },
      removeAll: () => removeDraftsOf(userId),
    });
    return () => setDraftsAtLogout(null);
  }, [userId, setDraftsAtLogout]);
  return question;
}
