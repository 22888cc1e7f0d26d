import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ConsoleItem } from "../../../api/console";
import { formatDateTime } from "../../../lib/format";
import { MEDIA_LABELS } from "../../../lib/mediaTypes";
import { Badge } from "../../../ui/Badge";
import { Face } from "../../../ui/Face";
import { TableFrame } from "../../../ui/Table";

export function formatDuration(ms: number) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function Thumbnail({ item }: { item: ConsoleItem }) {
  // Without a picture the kind is already in the text below the title: a phone keeps the width for the title.
  const frame = `${item.thumbnail_url ? "flex" : "flex max-sm:hidden"} relative h-12 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-gray-100 text-xs text-gray-800`;
  return (
    <span className={frame}>
      {item.thumbnail_url ? (
        <img src={item.thumbnail_url} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <span aria-hidden="true">{MEDIA_LABELS[item.media_type]}</span>
      )}
      {item.duration_ms != null && (
        <span className="absolute right-0.5 bottom-0.5 rounded bg-black/75 px-1 text-[11px] text-white tabular-nums">{formatDuration(item.duration_ms)}</span>
      )}
    </span>
  );
}

/** Rows in the console's first paint: more than a screenful; the rest of the page follows right after it. */
const FIRST_PAINT_ROWS = 30;

/** How many of `count` rows to render: FIRST_PAINT_ROWS until the first paint is on screen, then all of them. */
function useRowsAfterFirstPaint(count: number) {
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

export const REVIEW_BADGE = { new: "New", reviewed: "Reviewed", flagged: "Flagged" } as const;

/** The dense triage grid: one row per item; the row under the keyboard cursor is marked and kept in view. */
export function ConsoleTable({
  items,
  cursor,
  selected,
  onOpen,
  onCursor,
  onToggle,
  onToggleAll,
  renderVisibility,
}: {
  items: ConsoleItem[];
  cursor: number;
  selected: ReadonlySet<number>;
  onOpen: (index: number) => void;
  onCursor: (index: number) => void;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  renderVisibility: (item: ConsoleItem) => ReactNode;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    body.current?.children[cursor]?.scrollIntoView({ block: "nearest" });
  }, [cursor]);
  const rendered = useRowsAfterFirstPaint(items.length);
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  return (
    <TableFrame
      caption="All evidence"
      columns={[
        {
          label: <input type="checkbox" className="size-5 align-middle" checked={allSelected} onChange={onToggleAll} aria-label="Select all shown" />,
          className: "w-10",
        },
        { label: "Item" },
        { label: "Participant", className: "hidden md:table-cell" },
        { label: "Posted · place", className: "hidden lg:table-cell" },
        { label: "State" },
      ]}
    >
        <tbody ref={body} className="divide-y divide-gray-200">
          {items.slice(0, rendered).map((item, index) => {
            const name = item.full_name || item.username || `#${item.user_id}`;
            return (
              <tr
                key={item.id}
                aria-current={index === cursor ? "true" : undefined}
                onClick={() => onCursor(index)}
                className="align-top aria-current:bg-blue-50 aria-current:outline-2 aria-current:-outline-offset-2 aria-current:outline-blue-700"
              >
                <td className="px-2 py-2">
                  <input type="checkbox" className="mt-3 size-5" checked={selected.has(item.id)} onChange={() => onToggle(item.id)} aria-label={`Select ${item.title}`} />
                </td>
                <td className="px-2 py-2">
                  <div className="flex gap-3">
                    <Thumbnail item={item} />
                    <div className="min-w-0">
                      <button type="button" onClick={() => onOpen(index)} className="text-left font-semibold break-words text-blue-800 underline underline-offset-2">
                        {item.title}
                      </button>
                      <p className="line-clamp-2 text-xs text-gray-700 lg:line-clamp-1">
                        {MEDIA_LABELS[item.media_type]} #{item.id}
                        {item.notes && ` · ${item.notes}`}
                      </p>
                      <p className="text-xs text-gray-700 md:hidden">
                        {name} · {formatDateTime(item.date_posted)}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="hidden px-2 py-2 md:table-cell">
                  <div className="flex items-center gap-2">
                    <Face url={item.verification_photo_url} name={name} />
                    <div className="min-w-0">
                      <p className="font-medium break-words">{name}</p>
                      {item.username && <p className="text-xs break-all text-gray-700">@{item.username}</p>}
                    </div>
                  </div>
                </td>
                <td className="hidden px-2 py-2 text-xs lg:table-cell">
                  <p className="whitespace-nowrap">{formatDateTime(item.date_posted)}</p>
                  {item.location && <p className="max-w-48 break-words text-gray-700">{item.location}</p>}
                </td>
                <td className="px-2 py-2">
                  <div className="flex flex-col items-start gap-1.5 xl:flex-row xl:items-center">
                    <Badge variant={item.review_status ?? "new"}>{REVIEW_BADGE[item.review_status ?? "new"]}</Badge>
                    {renderVisibility(item)}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
    </TableFrame>
  );
}
