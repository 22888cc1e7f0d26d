import { lazy, Suspense } from "react";
import type { Evidence } from "../../api/types";
import { Quotation } from "./Quotation";

const Waveform = lazy(() => import("./Waveform"));

/**
 * The work itself, as large as the screen allows: the full photo, the video with its controls, the audio as a
 * waveform with its notes beneath (spec), or a note's words as a quotation with the spec's 'No media to display.'.
 */
export function ViewerStage({ item }: { item: Evidence }) {
  if (!item.aws_url || item.media_type === 1) {
    return (
      <div className="mx-auto w-full max-w-3xl px-2">
        {item.notes && <Quotation text={item.notes} marks="text-tape" className="text-3xl leading-snug text-white sm:text-4xl" />}
        <p className="mt-8 text-sm text-ink-300">No media to display.</p>
      </div>
    );
  }
  if (item.media_type === 4) {
    return (
      <div className="mx-auto w-full max-w-3xl px-2">
        <Suspense fallback={<p className="text-sm text-ink-300">Drawing the waveform…</p>}>
          <Waveform key={item.id} src={item.aws_url} title={item.title} />
        </Suspense>
        {item.notes && <Quotation text={item.notes} marks="text-tape" className="mt-8 text-2xl leading-snug text-white sm:text-3xl" />}
      </div>
    );
  }
  if (item.media_type === 3) {
    return (
      <video
        key={item.id}
        controls
        playsInline
        preload="metadata"
        poster={item.thumbnail_url ?? undefined}
        className="max-h-[70dvh] max-w-full bg-black lg:max-h-[calc(100dvh-8rem)]"
        aria-label={`Video: ${item.title}`}
      >
        <source src={item.aws_url} />
        <track kind="captions" src="/no-captions.vtt" srcLang="en" label="No captions available" />
      </video>
    );
  }
  return <img key={item.id} src={item.aws_url} alt={`Photo: ${item.title}`} draggable={false} className="max-h-[70dvh] max-w-full object-contain select-none lg:max-h-[calc(100dvh-8rem)]" />;
}
