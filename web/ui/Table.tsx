import type { ReactNode } from "react";

export interface Column {
  label: ReactNode;
  /** e.g. "hidden md:table-cell" for a column a phone leaves out */
  className?: string;
  /** A sortable column's state, said by aria-sort (the label is then the button that sorts). */
  sort?: "ascending" | "descending" | "none";
}

/**
 * The frame every data table shares: rounded card, scrolling sideways when too wide, caption for screen readers.
 * `relative` keeps absolutely placed text (sr-only labels) inside the scroller instead of widening the page. The
 * scroller takes focus (a named region), so a keyboard can scroll a table whose rows hold nothing focusable.
 */
export function TableFrame({ caption, columns, children }: { caption: string; columns: Column[]; children: ReactNode }) {
  return (
    <div tabIndex={0} role="region" aria-label={caption} className="relative overflow-x-auto rounded-card bg-surface shadow-lift ring-1 ring-line">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-paper-deep text-xs font-semibold tracking-wider text-ink-800 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" aria-sort={column.sort} className={`px-2 py-2.5 ${column.className ?? ""}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
