import { lazy, Suspense } from "react";
import type { Evidence } from "../../api/types";
import { MediaUnavailable } from "../media/MediaUnavailable";
import { ItemVideo } from "../media/ItemVideo";
import { displaySource, peaksUrl, preparingCopy } from "../media/renditions";
import { useMediaFailure } from "../media/useMediaFailure";
import { Quotation } from "./Quotation";
import { t } from "../i18n/i18n";

const Waveform = lazy(() => import("./Waveform"));

/**
 * The work itself, as large as the screen allows: the full photo, the video with its controls, the audio as a
 * waveform with its notes beneath (spec), or a note's words as a quotation with the spec's 'No media to display.'.
 */
export function ViewerStage({ item }: { item: Evidence }) {
  const source = displaySource(item);
  if (!source || item.media_type === 1) {
    return (
      <div className="mx-auto w-full max-w-3xl px-2">
        {item.notes && <Quotation text={item.notes} marks="text-tape" className="text-3xl leading-snug text-white sm:text-4xl" />}
        <p className="mt-8 text-sm text-ink-300">{t("viewer.no_media")}</p>
      </div>
    );
  }
  if (preparingCopy(item)) return <MediaUnavailable item={item} />;
  if (item.media_type === 4) {
    return (
      <div className="mx-auto w-full max-w-3xl px-2">
        <Suspense fallback={<p className="text-sm text-ink-300">{t("viewer.drawing_waveform")}</p>}>
          <Waveform key={item.id} src={source.url} peaks={peaksUrl(item)} title={item.title} />
        </Suspense>
        {item.notes && <Quotation text={item.notes} marks="text-tape" className="mt-8 text-2xl leading-snug text-white sm:text-3xl" />}
      </div>
    );
  }
  return <StagePicture key={`${item.id}:${source.url}`} item={item} source={source.url} />;
}

/** A photo or a video; keyed by its source, so a copy arriving later gets a fresh try. */
function StagePicture({ item, source }: { item: Evidence; source: string }) {
  const { failed, events } = useMediaFailure(item);
  if (failed) return <MediaUnavailable item={item} />;
  if (item.media_type === 3) {
    // As wide as the stage (a phone's 640×360 recording is not shown at 320 px), as high as the screen allows; the
    // picture keeps its shape inside, on the stage's own dark.
    return <ItemVideo item={item} source={source} events={events} className="h-auto max-h-[70dvh] w-full object-contain lg:max-h-[calc(100dvh-8rem)]" />;
  }
  return (
    <img
      src={source}
      alt={t("viewer.photo_label", { title: item.title })}
      draggable={false}
      onError={events.onError}
      className="max-h-[70dvh] max-w-full object-contain select-none lg:max-h-[calc(100dvh-8rem)]"
    />
  );
}
