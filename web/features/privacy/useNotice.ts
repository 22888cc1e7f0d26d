import { useEffect, useState } from "react";
import { fetchPrivacyNotice, type PrivacyNotice } from "../../api/rights";

/** The show's privacy notice, read once per screen that shows it; undefined until it arrives. */
export function useNotice(enabled = true): PrivacyNotice | undefined {
  const [notice, setNotice] = useState<PrivacyNotice>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchPrivacyNotice()
      .then((answer) => live && setNotice({ privacy_notice: answer.privacy_notice, privacy_notice_version: answer.privacy_notice_version }))
      .catch((error) => console.error("The privacy notice could not be read", error));
    return () => {
      live = false;
    };
  }, [enabled]);
  return notice;
}
