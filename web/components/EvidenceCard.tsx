import type { Evidence } from "../api/types";
import { formatDateTime, truncateTitle } from "../lib/format";
import { MEDIA_LABELS } from "../lib/mediaTypes";

const placeholderStyles = { 1: "bg-amber-100 text-amber-900", 2: "bg-sky-100 text-sky-900", 3: "bg-violet-100 text-violet-900", 4: "bg-emerald-100 text-emerald-900" };

export function PublicBadge() {
  return <span className="rounded-full bg-green-800 px-2 py-0.5 text-xs font-bold text-white">Public</span>;
}

/** 250×357 card with 160 px of media: the browser-made thumbnail, never the full file. */
export function EvidenceCard({ item, onOpen }: { item: Evidence; onOpen: (item: Evidence) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      aria-label={`${item.title} (${MEDIA_LABELS[item.media_type]}), ${item.is_public ? "public, " : ""}open details`}
      className="flex h-[357px] w-[250px] flex-col overflow-hidden rounded-xl bg-white text-left shadow-sm ring-1 ring-gray-200 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      <div className="relative h-[160px] w-full shrink-0 bg-gray-200">
        {item.thumbnail_url ? (
          <img src={item.thumbnail_url} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
        ) : (
          <div className={`flex h-full w-full items-center justify-center text-2xl font-bold ${placeholderStyles[item.media_type]}`}>
            {MEDIA_LABELS[item.media_type]}
          </div>
        )}
        {item.media_type === 3 && item.thumbnail_url && (
          <span aria-hidden="true" className="absolute inset-0 m-auto flex size-12 items-center justify-center rounded-full bg-black/60 text-xl text-white">
            ▶
          </span>
        )}
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-1 p-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="truncate text-base font-bold">{truncateTitle(item.title)}</h3>
          {item.is_public && <PublicBadge />}
        </div>
        <p className="text-xs text-gray-700">{formatDateTime(item.date_posted)}</p>
        <p className="line-clamp-6 text-sm break-words whitespace-pre-line text-gray-800">{item.notes}</p>
      </div>
    </button>
  );
}

export function EvidenceGrid({ items, onOpen }: { items: Evidence[]; onOpen: (item: Evidence) => void }) {
  return (
    <ul aria-label="Evidence items" className="grid grid-cols-[repeat(auto-fill,250px)] justify-center gap-4 sm:justify-start">
      {items.map((item) => (
        <li key={item.id}>
          <EvidenceCard item={item} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
