import type { Evidence } from "../api/types";

/** The full media of one item, for detail dialogs only: player by type, 'No media to display.' for notes. */
export function EvidenceMedia({ item }: { item: Evidence }) {
  if (!item.aws_url || item.media_type === 1) {
    return <p className="rounded-lg bg-paper-deep p-6 text-center text-sm text-muted">No media to display.</p>;
  }
  if (item.media_type === 4) {
    return <audio controls preload="metadata" src={item.aws_url} className="w-full" aria-label={`Audio: ${item.title}`} />;
  }
  if (item.media_type === 3) {
    return (
      <video
        controls
        playsInline
        preload="metadata"
        poster={item.thumbnail_url ?? undefined}
        className="max-h-[60vh] w-full rounded-lg bg-ink-950"
        aria-label={`Video: ${item.title}`}
      >
        <source src={item.aws_url} />
        <track kind="captions" src="/no-captions.vtt" srcLang="en" label="No captions available" />
      </video>
    );
  }
  return <img src={item.aws_url} alt={`Photo: ${item.title}`} className="max-h-[60vh] w-full rounded-lg bg-ink-950 object-contain" />;
}
