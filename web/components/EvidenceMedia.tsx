import { useState } from "react";
import type { Evidence } from "../api/types";
import { MediaUnavailable } from "../features/media/MediaUnavailable";
import { mediaSource, posterUrl } from "../features/media/renditions";

/** The full media of one item, for detail dialogs only: player by type, 'No media to display.' for notes. */
export function EvidenceMedia({ item }: { item: Evidence }) {
  const source = mediaSource(item);
  if (!source || item.media_type === 1) {
    return <p className="rounded-lg bg-paper-deep p-6 text-center text-sm text-muted">No media to display.</p>;
  }
  return <Player key={`${item.id}:${source}`} item={item} source={source} />;
}

/** Keyed by its source, so a copy the server made since gets a fresh try. */
function Player({ item, source }: { item: Evidence; source: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <MediaUnavailable item={item} tone="light" />;
  if (item.media_type === 4) {
    return <audio controls preload="metadata" src={source} onError={() => setFailed(true)} className="w-full" aria-label={`Audio: ${item.title}`} />;
  }
  if (item.media_type === 3) {
    return (
      <video
        controls
        playsInline
        preload="metadata"
        src={source}
        poster={posterUrl(item) ?? undefined}
        onError={() => setFailed(true)}
        className="max-h-[60vh] w-full rounded-lg bg-ink-950"
        aria-label={`Video: ${item.title}`}
      >
        <track kind="captions" src="/no-captions.vtt" srcLang="en" label="No captions available" />
      </video>
    );
  }
  return <img src={source} alt={`Photo: ${item.title}`} onError={() => setFailed(true)} className="max-h-[60vh] w-full rounded-lg bg-ink-950 object-contain" />;
}
