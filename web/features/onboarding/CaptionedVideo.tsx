import type { Show, VideoSource } from "../../api/show";
import { useVideoFailure } from "../offline/useVideoFailure";
import { VideoUnavailable } from "../offline/VideoUnavailable";
import { i18n } from "../i18n/i18n";
import { useT } from "../i18n/scope";

/** A video's captions file and the language it is in. */
export type Captions = { url: string; language: string };

/** A video's captions tracks, one per language, and the one to start with. */
export type CaptionsSet = { tracks: Captions[]; preferred: Captions };

/** The base language of a tag ("fr-CA" → "fr"), to match a track to the phone's language. */
const base = (tag: string) => tag.toLowerCase().split("-")[0];

/**
 * The show's captions of the briefing or the tutorial: every track (an older answer without the list: its one track),
 * and the one in this phone's language when there is one, else the server's choice for it.
 */
export function captionsOf(show: Show, video: "onboarding" | "tutorial", locale = i18n.locale): CaptionsSet {
  const single = { url: show[`${video}_captions_url`], language: show[`${video}_captions_language`] };
  const listed = show[`${video}_captions`];
  const tracks = listed?.length ? listed : [single];
  const exact = tracks.find((track) => track.language === locale);
  return { tracks, preferred: exact ?? tracks.find((track) => base(track.language) === base(locale)) ?? single };
}

/** A language's name in its own words ("fr" → "français"): how a reader of it finds the track in the player's menu. */
function ownName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Every captions track of a video, each named in its own language. `default` goes to the preferred track when it is in
 * the phone's language, or always when `captionsOn` (the briefing starts with captions, whatever the language).
 */
export function CaptionsTracks({ captions, captionsOn = false }: { captions: CaptionsSet; captionsOn?: boolean }) {
  // A track in the phone's language (the preview's, in the Show screen) starts on.
  const { locale } = useT();
  const on = captionsOn || base(captions.preferred.language) === base(locale);
  return captions.tracks.map((track) => (
    <track key={track.url} kind="captions" src={track.url} srcLang={track.language} label={ownName(track.language)} default={on && track.url === captions.preferred.url} />
  ));
}

/** The <source> list of one of the show's videos; the failure events go on the last, as the browser tries them in order. */
export function VideoSources({ sources, lastSourceEvents }: { sources: VideoSource[]; lastSourceEvents: object }) {
  return sources.map((source, index) => (
    <source key={source.url} src={source.url} type={source.type} {...(index === sources.length - 1 ? lastSourceEvents : {})} />
  ));
}

/** One of the show's videos (the briefing, the tutorial) with its captions; their text when it cannot load. */
export function CaptionedVideo({ sources, captions, label }: { sources: VideoSource[]; captions: CaptionsSet; label: string }) {
  const video = useVideoFailure();
  if (video.failed) return <VideoUnavailable captions={captions.preferred} onRetry={video.retry} />;
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
      <CaptionsTracks captions={captions} />
    </video>
  );
}
