import { memo, type MouseEvent } from "react";
import type { Evidence } from "../../api/types";
import { formatPublicDateTime, formatDuration, truncateTitle } from "../../lib/format";
import { MEDIA_LABELS } from "../../lib/mediaTypes";
import { Icon, type IconName } from "../../ui/Icon";
import { Quotation } from "./Quotation";
import { thumbnailUrl } from "../media/renditions";
import { ThumbnailImage } from "../media/ThumbnailImage";
import { t } from "../i18n/i18n";
import { useLanguage } from "../i18n/language";

const KIND_ICONS: Record<Evidence["media_type"], IconName> = { 1: "note", 2: "camera", 3: "video", 4: "music" };

export const archiveHref = (item: Pick<Evidence, "id">) => `/archive/${item.id}`;

/** What a tile's label says about its kind: "Video, 0:12" when the phone measured the length. */
function kindLabel(item: Evidence) {
  const kind = MEDIA_LABELS[item.media_type];
  return item.duration_ms != null && item.media_type >= 3 ? t("archive.kind_with_duration", { kind, duration: formatDuration(item.duration_ms) }) : kind;
}

/** The 160 px media of a tile: the browser-made thumbnail (never the full file), a note's words, or the kind's mark. */
function TileMedia({ item, eager }: { item: Evidence; eager: boolean }) {
  if (item.media_type === 1 && item.notes) {
    return (
      <div className="h-full bg-paper px-4 pt-3 pb-2 text-ink-900">
        <Quotation text={item.notes} className="line-clamp-6 text-base leading-[1.3rem]" />
      </div>
    );
  }
  const thumbnail = thumbnailUrl(item);
  if (thumbnail) return <ThumbnailImage src={thumbnail} eager={eager} className="h-full w-full object-cover transition duration-500 group-hover:scale-[1.03]" />;
  return (
    <div className="flex h-full items-center justify-center bg-ink-800 text-ink-300">
      <Icon name={KIND_ICONS[item.media_type]} className="size-12" />
    </div>
  );
}

/**
 * One work in the archive: a 250×357 tile with 160 px of media (spec), a link to /archive/<id>. A plain click opens the
 * viewer in place (`onOpen`); a modified click (new tab) follows the link. Memoised: 5,000 tiles must not redraw when
 * the viewer moves.
 */
export const ArchiveTile = memo(function ArchiveTile({ item, onOpen, eager }: { item: Evidence; onOpen: (item: Evidence) => void; eager: boolean }) {
  useLanguage();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(item);
  };
  const isNote = item.media_type === 1;
  const shortTitle = truncateTitle(item.title);
  return (
    <a
      href={archiveHref(item)}
      onClick={open}
      aria-label={t("archive.tile_label", { title: item.title, kind: kindLabel(item) })}
      // The tile shows the spec's 8 characters of the title; the whole title on hover (and in the name above), and over
      // the media while the tile has the keyboard's focus (a tooltip never shows for focus).
      title={item.title}
      className="group flex h-[357px] w-[250px] flex-col overflow-hidden rounded-card bg-ink-900 text-start ring-1 ring-white/10 transition hover:ring-white/40 focus-visible:outline-2 focus-visible:outline-offset-4"
    >
      <div className="relative h-[160px] w-full shrink-0 overflow-hidden">
        <TileMedia item={item} eager={eager} />
        {shortTitle !== item.title && (
          <span
            aria-hidden="true"
            data-testid="tile-full-title"
            dir="auto"
            className="absolute inset-x-0 top-0 z-10 hidden bg-ink-950/90 px-4 py-2 text-sm font-semibold break-words text-white group-focus-visible:block"
          >
            {item.title}
          </span>
        )}
        {!isNote && (
          <div className="absolute bottom-2 start-2 inline-flex items-center gap-1.5 rounded-full bg-ink-950/85 px-2.5 py-1 text-xs font-semibold text-white">
            <Icon name={KIND_ICONS[item.media_type]} className="size-3.5" />
            {kindLabel(item)}
          </div>
        )}
      </div>
      {/* 28 + 4 + 16 + 4 px above the notes leave the spec's 6 lines of 20 px whole within the tile's 197 px. */}
      <div className="flex min-h-0 flex-1 flex-col gap-1 px-4 py-3">
        <div dir="auto" className="truncate font-display text-2xl leading-7 text-white text-page-start">
          {shortTitle}
        </div>
        <time dateTime={item.date_posted} className="text-xs text-ink-300">
          {formatPublicDateTime(item.date_posted)}
        </time>
        {isNote ? (
          <div className="mt-auto text-xs font-semibold tracking-[0.2em] text-tape uppercase">{MEDIA_LABELS[1]}</div>
        ) : (
          item.notes && (
            <div dir="auto" className="line-clamp-6 text-sm leading-5 break-words whitespace-pre-line text-ink-200">
              {item.notes}
            </div>
          )
        )}
      </div>
    </a>
  );
});
