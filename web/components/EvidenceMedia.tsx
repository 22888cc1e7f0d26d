import type { Evidence } from "../api/types";
import { MediaUnavailable } from "../features/media/MediaUnavailable";
import { displaySource, posterUrl, preparingCopy } from "../features/media/renditions";
import { useMediaFailure } from "../features/media/useMediaFailure";

/** The full media of one item, for detail dialogs only: player by type, 'No media to display.' for notes. */
export function EvidenceMedia({ item }: { item: Evidence }) {
  const source = displaySource(item);
  if (!source || item.media_type === 1) {
    return <p className="rounded-lg bg-paper-deep p-6 text-center text-sm text-muted">No media to display.</p>;
  }
  if (preparingCopy(item)) return <MediaUnavailable item={item} tone="light" />;
  return <Player key={`${item.id}:${source.url}`} item={item} source={source.url} />;
}

/** Keyed by its source, so a copy the server made since gets a fresh try. */
function Player({ item, source }: { item: Evidence; source: string }) {
  const { failed, events } = useMediaFailure(item);
  if (failed) return <MediaUnavailable item={item} tone="light" />;
  if (item.media_type === 4) {
    return <audio controls preload="metadata" src={source} onError={events.onError} className="w-full" aria-label={`Audio: ${item.title}`} />;
  }
  if (item.media_type === 3) {
    return (
      <video
        controls
        playsInline
        preload="metadata"
        src={source}
        poster={posterUrl(item) ?? undefined}
        {...events}
        className="max-h-[60vh] w-full rounded-lg bg-ink-950"
        aria-label={`Video: ${item.title}`}
      >
        <track kind="captions" src="/no-captions.vtt" srcLang="en" label="No captions available" />
      </video>
    );
  }
  return <img src={source} alt={`Photo: ${item.title}`} onError={events.onError} className="max-h-[60vh] w-full rounded-lg bg-ink-950 object-contain" />;
}
