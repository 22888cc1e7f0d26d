import { type ReactNode, useEffect, useId, useState } from "react";
import { Alert, Button } from "../../ui/Button";
import { transcriptOf } from "./transcript";
import { t } from "../i18n/i18n";
import type { Captions } from "../onboarding/CaptionedVideo";

/** The cues of a captions file as text; "failed" when it cannot be fetched either (offline before a first visit). */
function useTranscript(captionsUrl: string) {
  const [transcript, setTranscript] = useState<string[] | "loading" | "failed">("loading");
  useEffect(() => {
    let current = true;
    fetch(captionsUrl)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((vtt) => current && setTranscript(transcriptOf(vtt)))
      .catch(() => current && setTranscript("failed"));
    return () => {
      current = false;
    };
  }, [captionsUrl]);
  return transcript;
}

/**
 * In place of a video that could not load: what happened, Retry, any further way out the caller adds (children),
 * and what the video says, read from its captions (precached by the service worker, so there offline too).
 */
export function VideoUnavailable({ captions, onRetry, children }: { captions: Captions; onRetry: () => void; children?: ReactNode }) {
  const transcript = useTranscript(captions.url);
  const headingId = useId();
  return (
    <div className="space-y-4">
      <Alert>{t("video.failed")}</Alert>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button onClick={onRetry} className="sm:flex-1">
          {t("common.retry")}
        </Button>
        {children}
      </div>
      <section aria-labelledby={headingId} className="rounded-lg bg-paper-deep p-4 ring-1 ring-line">
        <h3 id={headingId} className="mb-2 text-xs font-semibold tracking-[0.14em] text-muted uppercase">{t("video.transcript")}</h3>
        {transcript === "loading" ? (
          <p className="text-sm text-muted">{t("video.transcript_loading")}</p>
        ) : transcript === "failed" ? (
          <p className="text-sm text-ink-800">{t("video.transcript_failed")}</p>
        ) : (
          <div className="space-y-2 text-ink-900" lang={captions.language}>
            {transcript.map((cue, index) => (
              <p key={index}>{cue}</p>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
