import { LevelMeter } from "./LevelMeter";
import { RecordingPlayback } from "./RecordingPlayback";
import { formatTimer } from "./stopwatch";
import { useLeaveGuard } from "./useLeaveGuard";
import { useRecorder, type RecorderHooks, type RecorderStage, type Take } from "./useRecorder";
import { Alert, Button, Spinner } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { Icon } from "../../ui/Icon";
import { t, type MessageId } from "../i18n/i18n";

const STATUS: Record<RecorderStage, MessageId> = {
  idle: "recorder.status.idle",
  recording: "recorder.status.recording",
  paused: "recorder.status.paused",
  review: "recorder.status.review",
  saving: "recorder.status.saving",
};

/** A finished clip's timer agrees with its length as written elsewhere (rounded; a running timer shows whole seconds passed). */
const roundedToSecond = (ms: number) => Math.round(ms / 1000) * 1000;

/**
 * The in-browser recorder: start, pause/resume, stop, then listen and save or discard; a minutes:seconds timer and a
 * live level meter. Every slice goes to `onChunk` as it arrives (the caller keeps it as a draft); `onSave` gets the
 * clip with its duration. Leaving while a recording exists asks first.
 */
export function AudioRecorder({ onSave, ...hooks }: RecorderHooks & { onSave: (take: Take) => Promise<void> }) {
  const recorder = useRecorder(hooks);
  const { stage, take } = recorder;
  const running = stage === "recording" || stage === "paused";
  const reviewing = stage === "review" || stage === "saving";
  const guard = useLeaveGuard(stage !== "idle");

  async function save() {
    if (!take) return;
    guard.release();
    recorder.setStage("saving");
    try {
      await onSave(take);
    } catch (error) {
      console.error("The recording could not be kept", error);
      guard.rearm();
      recorder.setStage("review");
    }
  }

  function discardAndLeave() {
    recorder.discard();
    guard.leave();
  }

  return (
    <section aria-labelledby="recorder-title" className="rounded-card bg-surface p-5 shadow-lift ring-1 ring-line">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recorder-title" className="flex items-center gap-2 text-lg font-semibold">
          <Icon name="mic" className="size-5 text-accent" />
          {t("recorder.title")}
        </h2>
        <span className="flex items-center gap-2 text-sm font-medium text-muted">
          <span aria-hidden="true" className={`size-2.5 rounded-full ${stage === "recording" ? "animate-pulse bg-accent" : running ? "bg-tape" : "bg-ink-300"}`} />
          {t(STATUS[stage])}
        </span>
      </div>
      {recorder.problem && (
        <div className="mt-3">
          <Alert>{recorder.problem}</Alert>
        </div>
      )}
      <p role="timer" aria-label={t("recorder.time")} className="mt-4 font-display text-display-xl text-ink-950 tabular-nums">
        {formatTimer(reviewing ? roundedToSecond(recorder.elapsedMs) : recorder.elapsedMs)}
      </p>
      <div className="mt-3">
        {running && <LevelMeter analyser={recorder.analyser} dimmed={stage === "paused"} />}
        {take && reviewing && <RecordingPlayback take={take} />}
        {stage === "idle" && <p className="text-sm text-muted">{t("recorder.idle_hint")}</p>}
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        {stage === "idle" && (
          <Button variant="accent" size="lg" onClick={recorder.start} className="w-full">
            <Icon name="mic" className="size-5" />
            {t("recorder.start")}
          </Button>
        )}
        {running && (
          <>
            <Button variant="secondary" size="lg" onClick={recorder.pauseOrResume}>
              <Icon name={stage === "recording" ? "pause" : "play"} className="size-4" />
              {stage === "recording" ? t("recorder.pause") : t("recorder.resume")}
            </Button>
            <Button size="lg" onClick={recorder.stop} className="flex-1">
              <Icon name="stop" className="size-4" />
              {t("recorder.stop")}
            </Button>
          </>
        )}
        {reviewing && (
          <Button variant="accent" size="lg" onClick={save} disabled={stage === "saving"} className="w-full">
            {stage === "saving" ? <Spinner /> : <Icon name="check" className="size-5" />}
            {t("recorder.save")}
          </Button>
        )}
        {stage !== "idle" && (
          <Button variant="ghost" onClick={recorder.discard} disabled={stage === "saving"} className="w-full">
            {t("recorder.discard")}
          </Button>
        )}
      </div>
      <Modal
        open={guard.asking}
        onClose={guard.stay}
        closable={false}
        title={t("recorder.discard_title")}
        actions={
          <>
            <Button variant="danger" onClick={discardAndLeave}>
              {t("recorder.discard")}
            </Button>
            <Button onClick={guard.stay}>{t("recorder.keep")}</Button>
          </>
        }
      >
        <p className="text-base text-ink-800">{t("recorder.discard_body")}</p>
      </Modal>
    </section>
  );
}
