import type { ReactNode } from "react";

export interface Column {
  label: ReactNode;
  /** e.g. "hidden md:table-cell" for a column a phone leaves out */
  className?: string;
}

/** The frame every data table shares: rounded card, scrolling sideways when too wide, caption for screen readers. */
export function TableFrame({ caption, columns, children }: { caption: string; columns: Column[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-100 text-xs font-bold tracking-wide text-gray-800 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`px-2 py-2 ${column.className ?? ""}`}>
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
