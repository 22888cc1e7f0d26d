import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { inArchiveAtom, userAtom, videoLockedAtom } from "../../state/session";
import { useNotice } from "./useNotice";

// The dialog (and Headless UI's Dialog with it) is a chunk of its own: /home's first JavaScript stays within budget,
// and only a participant who has to agree again loads it.
const ReconsentDialog = lazy(() => import("./ReconsentDialog").then((module) => ({ default: module.ReconsentDialog })));

/**
 * A participant whose accepted notice version is not the current one (the notice changed, or they registered with
 * the original client) is asked to read and accept it at their next visit, right after the briefing. Admins are not,
 * nor anyone in archive mode.
 */
export function Reconsent() {
  const user = useAtomValue(userAtom);
  const briefing = useAtomValue(videoLockedAtom);
  const notice = useNotice();
  // In archive mode nothing can be agreed to any more (the server refuses it); the rights stay whatever the answer.
  const inArchive = useAtomValue(inArchiveAtom);
  if (inArchive || briefing || !user || user.role !== 1 || !notice || user.consent_version === notice.privacy_notice_version) return null;
  return (
    <Suspense fallback={null}>
      <ReconsentDialog notice={notice} unread={user.consent_version == null} />
    </Suspense>
  );
}
