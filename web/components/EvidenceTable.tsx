import type { ReactNode } from "react";
import type { Evidence } from "../api/types";
import { formatDateTime } from "../lib/format";
import { MEDIA_LABELS } from "../lib/mediaTypes";

/** The data-grid view of evidence: one row per item, the title opens it. Used by the list and the admin screen. */
export function EvidenceTable({
  items,
  onOpen,
  showOwner = false,
  renderVisibility = (item) => (item.is_public ? "Public" : "Private"),
  caption,
}: {
  items: Evidence[];
  onOpen: (item: Evidence) => void;
  showOwner?: boolean;
  /** The Visibility cell: text by default, the admin's switch on the admin screen. */
  renderVisibility?: (item: Evidence) => ReactNode;
  caption: string;
}) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-100 text-xs font-bold tracking-wide text-gray-800 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3">
              ID
            </th>
            <th scope="col" className="px-3 py-3">
              Title
            </th>
            <th scope="col" className="px-3 py-3">
              Visibility
            </th>
            <th scope="col" className="px-3 py-3">
              Kind
            </th>
            {showOwner && (
              <th scope="col" className="px-3 py-3">
                Submitted by
              </th>
            )}
            <th scope="col" className="px-3 py-3">
              Posted
            </th>

          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {items.map((item) => (
            <tr key={item.id}>
              <td className="px-3 py-2 text-gray-700">{item.id}</td>
              <td className="max-w-56 px-3 py-2">
                <button
                  type="button"
                  onClick={() => onOpen(item)}
                  className="max-w-full truncate text-left font-semibold text-blue-800 underline underline-offset-2"
                >
                  {item.title}
                </button>
              </td>
              <td className="px-3 py-2">{renderVisibility(item)}</td>
              <td className="px-3 py-2">{MEDIA_LABELS[item.media_type]}</td>
              {showOwner && <td className="px-3 py-2">{item.username ?? item.user_id}</td>}
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(item.date_posted)}</td>

            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
