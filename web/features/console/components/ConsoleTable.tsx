import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ConsoleItem, ReviewStatus } from "../../../api/console";
import { formatDuration } from "../../../lib/format";
import { MEDIA_LABELS } from "../../../lib/mediaTypes";
import { Badge } from "../../../ui/Badge";
import { Face } from "../../../ui/Face";
import { PlaceLink } from "../../../ui/PlaceLink";
import { RelativeTime } from "../../../ui/RelativeTime";
import { TableFrame } from "../../../ui/Table";
import { t, type MessageId } from "../../i18n/i18n";
import { thumbnailUrl } from "../../media/renditions";
import { WithdrawnMark } from "./WithdrawnMark";
import { RedactionMark } from "./RedactionMark";

// One slot for every row, picture or not, so titles start at the same place.
const ROW_THUMBNAIL = "flex h-10 w-14 sm:h-12 sm:w-16 lg:h-7 lg:w-10";

/**
 * The item's picture (or its kind) with a clip's length; `size` is the frame's size and display classes. Without a
 * picture the kind and the length stack as two short lines: a length laid over the word hid its end ("Audi").
 */
export function Thumbnail({ item, size = ROW_THUMBNAIL }: { item: ConsoleItem; size?: string }) {
  const picture = thumbnailUrl(item);
  const length = item.duration_ms != null && formatDuration(item.duration_ms);
  const frame = `${size} relative shrink-0 items-center justify-center overflow-hidden rounded-md bg-paper-deep text-xs font-medium text-ink-700`;
  if (!picture) {
    return (
      <span className={`${frame} flex-col text-[11px] leading-tight`}>
        <span aria-hidden="true">{MEDIA_LABELS[item.media_type]}</span>
        {length && <span className="tabular-nums text-ink-800">{length}</span>}
      </span>
    );
  }
  return (
    <span className={frame}>
      <img src={picture} alt="" loading="lazy" className="size-full object-cover" />
      {length && <span className="absolute end-0.5 bottom-0.5 rounded bg-ink-950/80 px-1 text-[11px] text-white tabular-nums">{length}</span>}
    </span>
  );
}

/** Rows in the console's first paint: more than a screenful; the rest of the page follows right after it. */
const FIRST_PAINT_ROWS = 30;

/** How many of `count` rows to render: FIRST_PAINT_ROWS until the first paint is on screen, then all of them. */
export function useRowsAfterFirstPaint(count: number) {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || count <= FIRST_PAINT_ROWS) return;
    // A timer set in an animation frame fires after that frame's paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setAll(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [all, count]);
  return all ? count : FIRST_PAINT_ROWS;
}

const REVIEW_MESSAGES: Record<ReviewStatus, MessageId> = { new: "console.review.new", reviewed: "console.review.reviewed", flagged: "console.review.flagged" };
/** A review state's name in the active language ("Reviewed"). */
export const reviewLabel = (status: ReviewStatus) => t(REVIEW_MESSAGES[status]);

export interface ConsoleViewProps {
  items: ConsoleItem[];
  cursorId: number | null;
  selected: ReadonlySet<number>;
  onOpen: (id: number) => void;
  onCursor: (id: number) => void;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  renderVisibility: (item: ConsoleItem) => ReactNode;
}

/** Keeps the cursor's item in view inside `container`; only a move of the cursor scrolls (arrivals above it do not). */
export function useCursorInView<T extends HTMLElement>(cursorId: number | null) {
  const container = useRef<T>(null);
  useEffect(() => {
    if (cursorId !== null) container.current?.querySelector(`[data-id="${cursorId}"]`)?.scrollIntoView({ block: "nearest" });
  }, [cursorId]);
  return container;
}

/** The dense triage grid: one row per item; the row under the keyboard cursor is marked and kept in view. */
export function ConsoleTable({ items, cursorId, selected, onOpen, onCursor, onToggle, onToggleAll, renderVisibility }: ConsoleViewProps) {
  const body = useCursorInView<HTMLTableSectionElement>(cursorId);
  const rendered = useRowsAfterFirstPaint(items.length);
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  return (
    <TableFrame
      caption={t("console.all_evidence")}
      columns={[
        {
          label: <input type="checkbox" className="size-5 align-middle accent-ink-900" checked={allSelected} onChange={onToggleAll} aria-label={t("console.select_all")} />,
          className: "w-10",
        },
        { label: t("console.column.item") },
        { label: t("viewer.participant"), className: "hidden md:table-cell" },
        { label: t("console.column.posted_place"), className: "hidden lg:table-cell" },
        { label: t("console.column.state") },
      ]}
    >
        <tbody ref={body} className="divide-y divide-line">
          {items.slice(0, rendered).map((item) => {
            const name = item.full_name || item.username || `#${item.user_id}`;
            return (
              <tr
                key={item.id}
                data-id={item.id}
                aria-current={item.id === cursorId ? "true" : undefined}
                onClick={() => onCursor(item.id)}
                className="align-top hover:bg-paper/70 lg:align-middle aria-[current=true]:bg-paper-deep/70 aria-[current=true]:shadow-[inset_3px_0_0_var(--color-accent)] rtl:aria-[current=true]:shadow-[inset_-3px_0_0_var(--color-accent)]"
              >
                <td className="px-2 py-2 sm:py-3 lg:py-1">
                  <input type="checkbox" className="mt-2.5 size-5 sm:mt-3 accent-ink-900 lg:mt-0 lg:align-middle" checked={selected.has(item.id)} onChange={() => onToggle(item.id)} aria-label={t("console.select_item", { title: item.title })} />
                </td>
                <td className="px-2 py-2 max-sm:max-w-0 max-sm:w-full sm:py-3 lg:py-1">
                  <div className="flex gap-3 lg:items-center">
                    <Thumbnail item={item} />
                    <div className="min-w-0 lg:flex lg:items-baseline lg:gap-2">
                      <button
                        type="button"
                        dir="auto"
                        onClick={() => onOpen(item.id)}
                        className="text-start font-semibold wrap-anywhere text-ink-950 max-sm:block max-sm:w-full max-sm:truncate underline decoration-ink-300 underline-offset-4 hover:decoration-ink-900 lg:max-w-[20rem] lg:shrink-0 lg:truncate"
                      >
                        {item.title}
                      </button>
                      {/* A phone's second line: kind · participant · time, in one line (the viewer has the rest). */}
                      <p className="mt-0.5 flex gap-1 overflow-hidden text-xs text-ellipsis whitespace-nowrap text-muted sm:hidden">
                        {MEDIA_LABELS[item.media_type]} ·
                        <span dir="auto" className="min-w-10 truncate font-medium text-ink-800">
                          {name}
                        </span>
                        · <RelativeTime iso={item.date_posted} />
                      </p>
                      <p className="mt-0.5 line-clamp-2 text-xs wrap-anywhere text-muted max-sm:hidden lg:mt-0 lg:line-clamp-1 lg:min-w-0">
                        {MEDIA_LABELS[item.media_type]} #{item.id}
                        <span className="md:hidden">
                          {" · "}
                          <RelativeTime iso={item.date_posted} />
                        </span>
                        {item.notes && (
                          <>
                            {" · "}
                            <span dir="auto">{item.notes}</span>
                          </>
                        )}
                      </p>
                      {/* A phone's state column is narrow: the withdrawal gets a line of its own under the item. */}
                      <WithdrawnMark item={item} className="mt-1 sm:hidden" />
                      {/* A tablet has no participant column: the name on a line of its own, whole. */}
                      <p dir="auto" className="mt-0.5 text-xs font-medium wrap-anywhere text-ink-800 text-page-start max-sm:hidden md:hidden">
                        {name}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="hidden px-2 py-3 md:table-cell lg:py-1">
                  <div className="flex max-w-56 items-center gap-2">
                    <Face url={item.verification_photo_url} name={name} size="size-9 lg:size-6" />
                    <div className="min-w-0">
                      <p dir="auto" className="truncate font-medium text-ink-900 text-page-start" title={name}>
                        {name}
                      </p>
                      {item.username && (
                        <p dir="auto" className="truncate text-xs text-muted text-page-start lg:hidden" title={item.username}>
                          @{item.username}
                        </p>
                      )}
                    </div>
                  </div>
                </td>
                <td className="hidden w-44 min-w-40 px-2 py-3 text-xs lg:table-cell lg:py-1">
                  <div className="space-y-1 xl:flex xl:items-baseline xl:gap-2 xl:space-y-0">
                    <RelativeTime iso={item.date_posted} className="whitespace-nowrap" />
                    {item.location && (
                      <p className="wrap-anywhere text-muted xl:line-clamp-1">
                        <PlaceLink location={item.location} />
                      </p>
                    )}
                  </div>
                </td>
                {/* A phone leaves out the switch's word (its position and its name say it) to keep width for the title. */}
                <td className="px-2 py-2 max-sm:[&_[role=switch]+span]:hidden sm:py-3 lg:py-1">
                  <div className="flex flex-col items-start gap-1 sm:gap-1.5 lg:flex-row lg:items-center">
                    {/* A slot of one width for every state's chip, so the switches beside it stand in one line. */}
                    <span className="lg:w-24 lg:shrink-0">
                      <Badge variant={item.review_status ?? "new"}>{reviewLabel(item.review_status ?? "new")}</Badge>
                    </span>
                    {renderVisibility(item)}
                  </div>
                  {/* A line of its own: the other rows keep their one line. */}
                  <WithdrawnMark item={item} className="mt-1.5 max-w-48 max-sm:hidden" />
                  <RedactionMark item={item} />
                </td>
              </tr>
            );
          })}
        </tbody>
    </TableFrame>
  );
}
