import { formatBytes } from "../../../lib/format";
import { t } from "../../i18n/i18n";
import { describeTimeLeft } from "../progressMath";
import { speedLabel } from "../queueSummary";

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
  const pace = slow ? t("upload.slow") : [speed !== null && speedLabel(speed), describeTimeLeft(secondsLeft)].filter(Boolean).join(" · ");
  const amounts = { percent, sent: formatBytes(loaded), total: formatBytes(total) };
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={t("upload.progress_label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t("upload.progress_value", amounts)}
        className="h-2 overflow-hidden rounded-full bg-ink-100"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-ink-800 tabular-nums">
        {t("upload.progress_text", amounts)}
        {pace && ` · ${pace}`}
      </p>
    </div>
  );
}
