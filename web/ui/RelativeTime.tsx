import { useState } from "react";
import { formatDateTime } from "../lib/format";
import { relativeTime } from "../lib/relativeTime";

/**
 * "5 minutes ago", with the exact date and time on hover (title) and on tap (a phone has no hover: tapping swaps the
 * two). Screen readers hear both.
 */
export function RelativeTime({ iso, className = "" }: { iso: string; className?: string }) {
  const [exact, setExact] = useState(false);
  const full = formatDateTime(iso);
  return (
    <time
      dateTime={iso}
      title={full}
      className={`cursor-help underline decoration-dotted decoration-1 underline-offset-4 ${className}`}
      onClick={(event) => {
        event.stopPropagation();
        setExact((shown) => !shown);
      }}
    >
      {exact ? full : relativeTime(iso)}
      {!exact && <span className="sr-only"> ({full})</span>}
    </time>
  );
}
