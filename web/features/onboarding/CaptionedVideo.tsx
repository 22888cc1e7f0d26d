import type { VideoSource } from "../../api/show";
import { useVideoFailure } from "../offline/useVideoFailure";
import { VideoUnavailable } from "../offline/VideoUnavailable";
import { languageName } from "../i18n/i18n";

/** The <source> list of one of the show's videos; the failure events go on the last, as the browser tries them in order. */
export function VideoSources({ sources, lastSourceEvents }: { sources: VideoSource[]; lastSourceEvents: object }) {
  return sources.map((source, index) => (
    <source key={source.url} src={source.url} type={source.type} {...(index === sources.length - 1 ? lastSourceEvents : {})} />
  ));
}

/** One of the show's videos (the briefing, the tutorial) with its captions; their text when it cannot load. */
export function CaptionedVideo({ sources, captionsUrl, label }: { sources: VideoSource[]; captionsUrl: string; label: string }) {
  const video = useVideoFailure();
  if (video.failed) return <VideoUnavailable captionsUrl={captionsUrl} onRetry={video.retry} />;
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
      <track kind="captions" src={captionsUrl} srcLang="en" label={languageName("en")} />
    </video>
  );
}
