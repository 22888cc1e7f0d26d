import { formatBytes } from "../../../lib/format";
import { describeTimeLeft } from "../progressMath";

/** Bytes the server confirmed of the total, and (once measured) the speed and the time left, or that the link is slow. */
export function UploadProgress({
  loaded,
  total,
  speed = null,
  secondsLeft = null,
  slow = false,
}: {
  loaded: number;
  total: number;
  speed?: number | null;
  secondsLeft?: number | null;
  slow?: boolean;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  const pace = slow ? "Slow connection" : [speed !== null && `${formatBytes(Math.round(speed))}/s`, describeTimeLeft(secondsLeft)].filter(Boolean).join(" · ");
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% (${formatBytes(loaded)} of ${formatBytes(total)})`}
        className="h-2 overflow-hidden rounded-full bg-ink-100"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-ink-800 tabular-nums">
        {percent}% — {formatBytes(loaded)} of {formatBytes(total)} sent{pace && ` · ${pace}`}
      </p>
    </div>
  );
}
