import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { queueRowsAtom, unsentDraftsAtom } from "../queueAtoms";
import { useCaptureQueue } from "../useCaptureQueue";

const UploadQueueBar = lazy(() => import("./UploadQueueBar").then((module) => ({ default: module.UploadQueueBar })));
const ResumePrompt = lazy(() => import("./ResumePrompt").then((module) => ({ default: module.ResumePrompt })));

/** The queue's presence on every screen: its bar while items are queued, the prompt while drafts wait unsent. */
export function CaptureOverlay() {
  useCaptureQueue();
  const hasRows = useAtomValue(queueRowsAtom).length > 0;
  const hasUnsent = useAtomValue(unsentDraftsAtom).length > 0;
  return (
    <Suspense fallback={null}>
      {hasRows && <UploadQueueBar />}
      {hasUnsent && <ResumePrompt />}
    </Suspense>
  );
}
