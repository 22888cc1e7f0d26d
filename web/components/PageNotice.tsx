import { useAtom } from "jotai";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { noticeAtom } from "../state/notices";
import { Alert } from "./ui";

/** Shows the notice meant for the current route, kept in view under the bar; forgets it once the user has moved elsewhere. */
export function PageNotice() {
  const [notice, setNotice] = useAtom(noticeAtom);
  const [location] = useLocation();
  useEffect(() => {
    setNotice((current) => (current && current.path !== location ? null : current));
  }, [location, setNotice]);
  if (!notice || notice.path !== location) return null;
  return (
    <div className="sticky top-[60px] z-20 mx-auto w-full max-w-xl px-4 pt-4">
      <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
        {notice.text}
      </Alert>
    </div>
  );
}
