import type { Evidence } from "../api/types";
import { formatDateTime, truncateTitle } from "../lib/format";
import { MEDIA_LABELS } from "../lib/mediaTypes";

const placeholderStyles = { 1: "bg-amber-100 text-amber-900", 2: "bg-sky-100 text-sky-900", 3: "bg-violet-100 text-violet-900", 4: "bg-emerald-100 text-emerald-900" };

export function PublicBadge() {
  return <span className="rounded-full bg-green-800 px-2 py-0.5 text-xs font-bold text-white">Public</span>;
}

/** 250×357 card with 160 px of media: the browser-made thumbnail, never the full file. */
/** A button may hold only phrasing content, so the card is built of spans; the first cards load at once (they are the largest paint). */
export function EvidenceCard({ item, onOpen, eager = false }: { item: Evidence; onOpen: (item: Evidence) => void; eager?: boolean }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      aria-label={`${item.title} (${MEDIA_LABELS[item.media_type]}), ${item.is_public ? "public, " : ""}open details`}
      className="flex h-[357px] w-[250px] flex-col overflow-hidden rounded-xl bg-white text-left shadow-sm ring-1 ring-gray-200 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      <span className="relative block h-[160px] w-full shrink-0 bg-gray-200">
        {item.thumbnail_url ? (
          <img
            src={item.thumbnail_url}
            alt=""
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : "auto"}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <span className={`flex h-full w-full items-center justify-center text-2xl font-bold ${placeholderStyles[item.media_type]}`}>
            {MEDIA_LABELS[item.media_type]}
          </span>
        )}
        {item.media_type === 3 && item.thumbnail_url && (
          <span aria-hidden="true" className="absolute inset-0 m-auto flex size-12 items-center justify-center rounded-full bg-black/60 text-xl text-white">
            ▶
          </span>
        )}
      </span>
      <span className="flex min-h-0 flex-1 flex-col gap-1 p-3">
        <span className="flex items-center justify-between gap-2">
          <span className="block truncate text-base font-bold">{truncateTitle(item.title)}</span>
          {item.is_public && <PublicBadge />}
        </span>
        <span className="block text-xs text-gray-700">{formatDateTime(item.date_posted)}</span>
        <span className="line-clamp-6 text-sm break-words whitespace-pre-line text-gray-800">{item.notes}</span>
      </span>
    </button>
  );
}

export function EvidenceGrid({ items, onOpen }: { items: Evidence[]; onOpen: (item: Evidence) => void }) {
  return (
    <ul aria-label="Evidence items" className="grid grid-cols-[repeat(auto-fill,250px)] justify-center gap-4 sm:justify-start">
      {items.map((item, index) => (
        <li key={item.id}>
          <EvidenceCard item={item} onOpen={onOpen} eager={index < 2} />
        </li>
      ))}
    </ul>
  );
}
