import { formatDuration } from "../../lib/format";
import { useObjectUrl } from "../../lib/useObjectUrl";
import type { Take } from "./useRecorder";
import { t } from "../i18n/i18n";

/** The recording as it would be sent, to listen to before saving, with its length. */
export function RecordingPlayback({ take }: { take: Take }) {
  const url = useObjectUrl(take.clip);
  return (
    <figure className="space-y-2 rounded-lg bg-paper-deep p-3">
      {url && <audio src={url} controls preload="metadata" className="w-full" aria-label={t("recorder.playback")} />}
      <figcaption className="flex items-center justify-between gap-3 text-sm text-ink-800">
        <span>{t("recorder.listen_first")}</span>
        <span className="tabular-nums" data-testid="take-duration">
          {t("details.length")} <span className="font-semibold">{formatDuration(take.durationMs)}</span>
        </span>
      </figcaption>
    </figure>
  );
}
