import type { ReactNode } from "react";
import type { Evidence, MediaType } from "../../api/types";
import { formatDuration, truncateTitle } from "../../lib/format";
import { MEDIA_LABELS } from "../../lib/mediaTypes";
import { Badge } from "../../ui/Badge";
import { Icon, type IconName } from "../../ui/Icon";
import { RelativeTime } from "../../ui/RelativeTime";
import { thumbnailUrl } from "../media/renditions";
import { ThumbnailImage } from "../media/ThumbnailImage";
import { t } from "../i18n/i18n";

export const KIND_ICONS: Record<MediaType, IconName> = { 1: "note", 2: "camera", 3: "video", 4: "music" };

export function PublicBadge() {
  return <Badge variant="public">{t("evidence.public")}</Badge>;
}

/** A video's or a recording's length, when the server could read it from the file ("0:07"). */
export function durationOf(item: Evidence) {
  return (item.media_type === 3 || item.media_type === 4) && item.duration_ms ? formatDuration(item.duration_ms) : null;
}

/** What the card's 160 px show when there is no thumbnail: the kind, drawn (a ruled page for notes; null: a file). */
export function KindPlaceholder({ kind }: { kind: MediaType | null }) {
  const surface =
    kind === 1
      ? "bg-paper-deep bg-[repeating-linear-gradient(to_bottom,transparent_0_23px,var(--color-line)_23px_24px)] text-ink-700"
      : "bg-ink-900 text-ink-200";
  return (
    <span className={`flex h-full w-full items-center justify-center ${surface}`}>
      <Icon name={kind ? KIND_ICONS[kind] : "folder"} className="size-12" />
    </span>
  );
}

/**
 * 250×357 card with 160 px of media (the browser-made thumbnail, never the full file), the kind and any duration on
 * the media, the title cut to 8 characters, when it was sent, and the notes clamped to 6 lines. A button may hold only
 * phrasing content, so the card is built of spans; the first cards load at once (they are the largest paint).
 */
export function EvidenceCard({
  item,
  onOpen,
  eager = false,
  showPublicBadge = true,
}: {
  item: Evidence;
  onOpen: (item: Evidence) => void;
  eager?: boolean;
  showPublicBadge?: boolean;
}) {
  const kind = MEDIA_LABELS[item.media_type];
  const thumbnail = thumbnailUrl(item);
  const duration = durationOf(item);
  const isPublic = showPublicBadge && item.is_public;
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      aria-label={t("evidence.card_label", { title: item.title, kind, duration: duration ?? "none", public: isPublic ? "yes" : "no" })}
      className="group flex h-[357px] w-[250px] flex-col overflow-hidden rounded-card bg-surface text-start text-ink-900 shadow-lift ring-1 ring-line transition hover:-translate-y-0.5 hover:ring-ink-300"
    >
      <span className="relative block h-[160px] w-full shrink-0 overflow-hidden">
        {thumbnail ? (
          <ThumbnailImage src={thumbnail} eager={eager} className="h-full w-full bg-ink-800 object-cover" />
        ) : (
          <KindPlaceholder kind={item.media_type} />
        )}
        {item.media_type === 3 && thumbnail && (
          <span aria-hidden="true" className="absolute inset-0 m-auto flex size-12 items-center justify-center rounded-full bg-ink-950/65 text-white">
            <Icon name="play" className="size-5 translate-x-px" />
          </span>
        )}
        <span className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-ink-950/75 px-2 py-0.5 text-xs font-semibold text-white">
          <Icon name={KIND_ICONS[item.media_type]} className="size-3.5" />
          {kind}
        </span>
        {duration && (
          <span className="absolute end-2 bottom-2 rounded bg-ink-950/80 px-1.5 py-0.5 font-mono text-xs text-white tabular-nums">{duration}</span>
        )}
      </span>
      {/* 28 + 4 + 16 + 4 px above the notes leave the spec's 6 lines of 20 px whole within the card's 197 px. */}
      <span className="flex min-h-0 flex-1 flex-col gap-1 p-3">
        <span className="flex min-w-0 items-center justify-between gap-2">
          <span dir="auto" className="block truncate font-display text-2xl leading-7 text-ink-950">
            {truncateTitle(item.title)}
          </span>
          {isPublic && <PublicBadge />}
        </span>
        <RelativeTime iso={item.date_posted} className="self-start text-xs text-muted" />
        {item.notes && (
          <span dir="auto" className="line-clamp-6 text-sm whitespace-pre-line text-ink-800 wrap-anywhere">
            {item.notes}
          </span>
        )}
      </span>
    </button>
  );
}

/**
 * The cards, newest first. `lead` is what comes before the first of them (items still on their way, as list items);
 * `decorate` may wrap a card (the receipt of an item that has just arrived); `className` adds to the list's, e.g. room
 * at its end for a button fixed over it. Cards are centred on a phone (kept at the start when one does not fit).
 */
export function EvidenceGrid({
  items,
  onOpen,
  showPublicBadge = true,
  lead,
  decorate = (_item, card) => card,
  className = "",
}: {
  items: Evidence[];
  onOpen: (item: Evidence) => void;
  showPublicBadge?: boolean;
  lead?: ReactNode;
  decorate?: (item: Evidence, card: ReactNode) => ReactNode;
  className?: string;
}) {
  return (
    <ul aria-label={t("archive.items")} className={`grid grid-cols-[repeat(auto-fill,250px)] justify-center-safe gap-5 sm:justify-start ${className}`}>
      {lead}
      {items.map((item, index) => (
        <li key={item.id}>{decorate(item, <EvidenceCard item={item} onOpen={onOpen} eager={index < 2} showPublicBadge={showPublicBadge} />)}</li>
      ))}
    </ul>
  );
}
