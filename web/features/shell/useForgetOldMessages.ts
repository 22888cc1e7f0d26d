import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { clearFormMessagesAtom } from "../../state/errors";
import { forgetNoticesElsewhereAtom } from "../../state/notices";

/**
 * An old error disappears when the screen changes: the login and registration messages, and any notice that was
 * not addressed to the screen now shown (one set for the next screen, e.g. 'Password updated successfully!' for
 * /login, stays).
 */
export function useForgetOldMessages() {
  const [location] = useLocation();
  const clearFormMessages = useSetAtom(clearFormMessagesAtom);
  const forgetNoticesElsewhere = useSetAtom(forgetNoticesElsewhereAtom);
  useEffect(() => {
    clearFormMessages();
    forgetNoticesElsewhere(location);
  }, [location, clearFormMessages, forgetNoticesElsewhere]);
}
