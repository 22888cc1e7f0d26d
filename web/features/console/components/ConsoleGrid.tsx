import { MEDIA_LABELS } from "../../../lib/mediaTypes";
import { Badge } from "../../../ui/Badge";
import { RelativeTime } from "../../../ui/RelativeTime";
import { t } from "../../i18n/i18n";
import { WithdrawnMark } from "./WithdrawnMark";
import { reviewLabel, Thumbnail, useCursorInView, useRowsAfterFirstPaint, type ConsoleViewProps } from "./ConsoleTable";

/**
 * The console as tiles with larger pictures (the table's alternative for a show of photos and clips): the same items,
 * cursor, selection and switches, in the same order, so j/k and every action work as in the table.
 */
export function ConsoleGrid({ items, cursorId, selected, onOpen, onCursor, onToggle, renderVisibility }: ConsoleViewProps) {
  const list = useCursorInView<HTMLUListElement>(cursorId);
  const rendered = useRowsAfterFirstPaint(items.length);
  return (
    <ul ref={list} aria-label={t("console.all_evidence")} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.slice(0, rendered).map((item) => {
        const name = item.full_name || item.username || `#${item.user_id}`;
        return (
          <li
            key={item.id}
            data-id={item.id}
            aria-current={item.id === cursorId ? "true" : undefined}
            onClick={() => onCursor(item.id)}
            className="flex min-w-0 flex-col gap-2 rounded-card bg-surface p-2 ring-1 ring-line aria-[current=true]:ring-2 aria-[current=true]:ring-accent"
          >
            <div className="relative">
              <Thumbnail item={item} size="flex aspect-[4/3] w-full" />
              <input
                type="checkbox"
                className="absolute top-1.5 start-1.5 size-5 accent-ink-900"
                checked={selected.has(item.id)}
                onChange={() => onToggle(item.id)}
                aria-label={t("console.select_item", { title: item.title })}
              />
            </div>
            <button
              type="button"
              dir="auto"
              onClick={() => onOpen(item.id)}
              className="line-clamp-2 text-start text-sm font-semibold wrap-anywhere text-ink-950 underline decoration-ink-300 underline-offset-4 hover:decoration-ink-900"
            >
              {item.title}
            </button>
            {/* relative: the time's screen-reader text (absolutely placed) stays clipped inside, not widening the page. */}
            <p className="relative truncate text-xs text-muted" title={name}>
              {MEDIA_LABELS[item.media_type]} #{item.id} · <span dir="auto">{name}</span> · <RelativeTime iso={item.date_posted} />
            </p>
            <div className="mt-auto flex flex-wrap items-center gap-2">
              <Badge variant={item.review_status ?? "new"}>{reviewLabel(item.review_status ?? "new")}</Badge>
              {renderVisibility(item)}
              <WithdrawnMark item={item} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
