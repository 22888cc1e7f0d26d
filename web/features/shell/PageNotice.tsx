import { useAtom } from "jotai";
import { useLocation } from "wouter";
import { noticeAtom } from "../../state/notices";
import { Alert } from "../../ui/Button";

/** Shows the notice meant for the current route, kept in view under the bar (useForgetOldMessages drops the rest). */
export function PageNotice() {
  const [notice, setNotice] = useAtom(noticeAtom);
  const [location] = useLocation();
  if (!notice || notice.path !== location) return null;
  return (
    <div className="sticky top-14 z-20 mx-auto w-full max-w-xl px-4 pt-4 sm:top-16">
      <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
        {notice.text}
      </Alert>
    </div>
  );
}
