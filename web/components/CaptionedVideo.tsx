import { useVideoFailure } from "../features/offline/useVideoFailure";
import { VideoUnavailable } from "../features/offline/VideoUnavailable";

/** One of our own placeholder videos (WebM with an MP4 fallback) with its captions; their text when it cannot load. */
export function CaptionedVideo({ name, label }: { name: "onboarding" | "tutorial"; label: string }) {
  const video = useVideoFailure();
  if (video.failed) return <VideoUnavailable captionsUrl={`/${name}.vtt`} onRetry={video.retry} />;
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
      <source src={`/${name}.webm`} type="video/webm" />
      <source src={`/${name}.mp4`} type="video/mp4" {...video.lastSourceEvents} />
      <track kind="captions" src={`/${name}.vtt`} srcLang="en" label="English" />
    </video>
  );
}
