/** One of our own placeholder videos (WebM with an MP4 fallback) with its captions. */
export function CaptionedVideo({ name, label }: { name: "onboarding" | "tutorial"; label: string }) {
  return (
    <video controls playsInline preload="metadata" className="aspect-video w-full rounded-lg bg-black" aria-label={label}>
      <source src={`/${name}.webm`} type="video/webm" />
      <source src={`/${name}.mp4`} type="video/mp4" />
      <track kind="captions" src={`/${name}.vtt`} srcLang="en" label="English" />
    </video>
  );
}
