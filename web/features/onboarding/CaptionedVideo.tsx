import type { Show, VideoSource } from "../../api/show";
import { useVideoFailure } from "../offline/useVideoFailure";
import { VideoUnavailable } from "../offline/VideoUnavailable";
import { languageName } from "../i18n/i18n";

/** A video's captions file and the language it is in. */
export type Captions = { url: string; language: string };

/** The show's captions of the briefing or the tutorial. */
export const captionsOf = (show: Show, video: "onboarding" | "tutorial"): Captions => ({
  url: show[`${video}_captions_url`],
  language: show[`${video}_captions_language`],
});

/** The captions track of a video, named by its language. */
export function CaptionsTrack({ captions, isDefault = false }: { captions: Captions; isDefault?: boolean }) {
  return <track kind="captions" src={captions.url} srcLang={captions.language} label={languageName(captions.language)} default={isDefault} />;
}

/** The <source> list of one of the show's videos; the failure events go on the last, as the browser tries them in order. */
export function VideoSources({ sources, lastSourceEvents }: { sources: VideoSource[]; lastSourceEvents: object }) {
  return sources.map((source, index) => (
    <source key={source.url} src={source.url} type={source.type} {...(index === sources.length - 1 ? lastSourceEvents : {})} />
  ));
}

/** One of the show's videos (the briefing, the tutorial) with its captions; their text when it cannot load. */
export function CaptionedVideo({ sources, captions, label }: { sources: VideoSource[]; captions: Captions; label: string }) {
  const video = useVideoFailure();
  if (video.failed) return <VideoUnavailable captions={captions} onRetry={video.retry} />;
  return (
    <video
      key={video.attempt}
      ref={video.videoRef}
      controls
      playsInline
      preload="metadata"
      className="aspect-video w-full rounded-card bg-ink-950"
      aria-label={label}
      {...video.videoEvents}
    >
      <VideoSources sources={sources} lastSourceEvents={video.lastSourceEvents} />
      <CaptionsTrack captions={captions} />
    </video>
  );
}
