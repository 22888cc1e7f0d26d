import type { Evidence } from "../../api/types";
import { MediaUnavailable } from "../media/MediaUnavailable";
import { ItemVideo } from "../media/ItemVideo";
import { displaySource, preparingCopy } from "../media/renditions";
import { useMediaFailure } from "../media/useMediaFailure";
import { t } from "../i18n/i18n";

/** The full media of one item, for detail dialogs only: player by type, 'No media to display.' for notes. */
export function EvidenceMedia({ item }: { item: Evidence }) {
  const source = displaySource(item);
  if (!source || item.media_type === 1) {
    return <p className="rounded-lg bg-paper-deep p-6 text-center text-sm text-muted">{t("viewer.no_media")}</p>;
  }
  if (preparingCopy(item)) return <MediaUnavailable item={item} tone="light" />;
  return <Player key={`${item.id}:${source.url}`} item={item} source={source.url} />;
}

/** Keyed by its source, so a copy the server made since gets a fresh try. */
function Player({ item, source }: { item: Evidence; source: string }) {
  const { failed, events } = useMediaFailure(item);
  if (failed) return <MediaUnavailable item={item} tone="light" />;
  if (item.media_type === 4) {
    return <audio controls preload="metadata" src={source} onError={events.onError} className="w-full" aria-label={t("viewer.audio_label", { title: item.title })} />;
  }
  if (item.media_type === 3) return <ItemVideo item={item} source={source} events={events} className="max-h-[60vh] w-full rounded-lg bg-ink-950" />;
  return <img src={source} alt={t("viewer.photo_label", { title: item.title })} onError={events.onError} className="max-h-[60vh] w-full rounded-lg bg-ink-950 object-contain" />;
}
