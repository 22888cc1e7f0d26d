import { useAtomValue } from "jotai";
import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "wouter";
import { userAtom } from "../../../state/session";
import { queueRowsAtom, unsentDraftsAtom } from "../queueAtoms";
import { useCaptureQueue } from "../useCaptureQueue";
import { useDraftsAtLogout } from "../useDraftsAtLogout";

const loadBar = () => import("./UploadQueueBar");
const loadPrompt = () => import("./ResumePrompt");
const UploadQueueBar = lazy(() => loadBar().then((module) => ({ default: module.UploadQueueBar })));
const ResumePrompt = lazy(() => loadPrompt().then((module) => ({ default: module.ResumePrompt })));
const LogoutDraftsDialog = lazy(() => import("./LogoutDraftsDialog").then((module) => ({ default: module.LogoutDraftsDialog })));

/**
 * The queue's presence on every screen: its bar while items are queued (except on My Evidence, whose top lists the
 * same items: the bar there only repeated them and took a fifth of a phone's screen), the prompt while drafts wait
 * unsent, and the question at logout when drafts are kept on this device.
 */
export function CaptureOverlay() {
  useCaptureQueue();
  const logoutQuestion = useDraftsAtLogout();
  const loggedIn = useAtomValue(userAtom) !== null;
  const hasRows = useAtomValue(queueRowsAtom).length > 0;
  const onEvidenceList = useLocation()[0].toLowerCase() === "/evidence";
  const hasUnsent = useAtomValue(unsentDraftsAtom).length > 0;
  useEffect(() => {
    // Loaded at login, while the network is there: the bar must appear for an item queued offline.
    if (loggedIn) Promise.all([loadBar(), loadPrompt()]).catch(() => {});
  }, [loggedIn]);
  return (
    <Suspense fallback={null}>
      {hasRows && !onEvidenceList && <UploadQueueBar />}
      {hasUnsent && <ResumePrompt />}
      {logoutQuestion && <LogoutDraftsDialog question={logoutQuestion} />}
    </Suspense>
  );
}
