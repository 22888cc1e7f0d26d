import { useAtomValue, useSetAtom } from "jotai";
import { useState } from "react";
import { useLocation } from "wouter";
import type { VideoSource } from "../../api/show";
import { markVideoWatched } from "../../api/users";
import type { User } from "../../api/types";
import { videoGateMessage } from "../shell/gatedNavigation";
import { Alert, Button, buttonClass, Spinner } from "../../ui/Button";
import { noticeAtom } from "../../state/notices";
import { logoutActionAtom, refreshUserAtom } from "../../state/sessionActions";
import { Modal } from "../../ui/Dialog";
import { Icon } from "../../ui/Icon";
import { useVideoFailure } from "../offline/useVideoFailure";
import { VideoUnavailable } from "../offline/VideoUnavailable";
import { showAtom } from "../show/state";
import { type CaptionsSet, CaptionsTracks, captionsOf, VideoSources } from "./CaptionedVideo";
import { t } from "../i18n/i18n";

const CONTROLS_AFTER_SECONDS = 3;
type Briefing = { sources: VideoSource[]; captions: CaptionsSet };
/** Both dialogs are the spec's blocking gate: nothing closes them but their own buttons. */
const ignoreClose = () => {};

/** The onboarding video: no controls until 3 s have played, so nobody skips straight to the end. */
function OnboardingPlayer({
  onEnded,
  failure,
  briefing,
}: {
  onEnded: () => void;
  failure: ReturnType<typeof useVideoFailure>;
  briefing: Briefing;
}) {
  const videoRef = failure.videoRef;
  const [started, setStarted] = useState(false);
  const [controls, setControls] = useState(false);
  return (
    <div className="relative overflow-hidden rounded-card bg-ink-950">
      <video
        ref={videoRef}
        className="aspect-video w-full"
        playsInline
        preload="auto"
        controls={controls}
        onPlay={() => setStarted(true)}
        onTimeUpdate={(event) => {
          if (event.currentTarget.currentTime >= CONTROLS_AFTER_SECONDS) setControls(true);
        }}
        onEnded={onEnded}
        {...failure.videoEvents}
        aria-label={t("help.onboarding_video")}
      >
        <VideoSources sources={briefing.sources} lastSourceEvents={failure.lastSourceEvents} />
        <CaptionsTracks captions={briefing.captions} captionsOn />
      </video>
      {!started && (
        <button
          type="button"
          onClick={() => videoRef.current?.play()}
          className="group absolute inset-0 flex items-center justify-center bg-ink-950/60 focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-tape"
        >
          <span className={buttonClass("accent", "shadow-lift group-hover:bg-accent-strong", "lg")}>
            <Icon name="play" className="size-5" />
            {t("video.play")}
          </span>
        </button>
      )}
    </div>
  );
}

/** Spec §4 video gate: watch, acknowledge, save the watched flag, refetch the user, go to /home-validate. */
export function OnboardingVideo({ user }: { user: User }) {
  const show = useAtomValue(showAtom);
  // The briefing this participant started: a new one saved meanwhile (its URLs are new, the old ones keep serving)
  // never replaces the video under them, nor on a rewatch; they get the new one on their next visit.
  const [briefing] = useState<Briefing>(() => ({ sources: show.onboarding_video_sources, captions: captionsOf(show, "onboarding") }));
  const refreshUser = useSetAtom(refreshUserAtom);
  const [, navigate] = useLocation();
  const [stage, setStage] = useState<"video" | "acknowledge">("video");
  const [saving, setSaving] = useState(false);
  const [round, setRound] = useState(0);
  const notice = useAtomValue(noticeAtom);
  const video = useVideoFailure();
  const logout = useSetAtom(logoutActionAtom);

  async function acknowledge() {
    setSaving(true);
    try {
      await markVideoWatched(user.id);
    } catch (error) {
      console.error("Could not save the watched status", error);
    }
    await refreshUser();
    setSaving(false);
    navigate("/home-validate");
  }

  return (
    <>
      <Modal open={stage === "video"} onClose={ignoreClose} dismissible={false} closable={false} title={t("onboarding.welcome", { project: show.project_name })} size="lg">
        {notice?.text === videoGateMessage() && (
          <div className="mb-3">
            <Alert>{videoGateMessage()}</Alert>
          </div>
        )}
        <p className="mb-4 text-base text-muted">{t("onboarding.lead")}</p>
        {video.failed ? (
          // Never a black box to be locked in with: retry, read it, or leave.
          <VideoUnavailable captions={briefing.captions.preferred} onRetry={video.retry}>
            <Button variant="secondary" className="sm:flex-1" onClick={() => logout().then(() => navigate("/"))}>
              {t("onboarding.logout")}
            </Button>
          </VideoUnavailable>
        ) : (
          <OnboardingPlayer key={`${round}-${video.attempt}`} failure={video} briefing={briefing} onEnded={() => setStage("acknowledge")} />
        )}
      </Modal>
      <Modal
        open={stage === "acknowledge"}
        onClose={ignoreClose}
        dismissible={false}
        closable={false}
        title={t("onboarding.ack_title")}
        actions={
          <>
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => {
                setRound(round + 1);
                setStage("video");
              }}
            >
              <Icon name="retake" className="size-5" />
              {t("onboarding.rewatch")}
            </Button>
            <Button variant="accent" onClick={acknowledge} disabled={saving}>
              {saving ? <Spinner /> : <Icon name="check" className="size-5" />}
              {t("onboarding.understand")}
            </Button>
          </>
        }
      >
        <p className="text-base text-ink-800">
          {t("onboarding.ack_text")}
        </p>
      </Modal>
    </>
  );
}
