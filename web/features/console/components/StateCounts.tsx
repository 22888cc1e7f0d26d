import type { ConsoleCounts, ConsoleQuery } from "../../../api/console";

const STATES = [
  { key: "total", label: "All", patch: { status: "", visibility: "" } },
  { key: "new", label: "New", patch: { status: "new" } },
  { key: "reviewed", label: "Reviewed", patch: { status: "reviewed" } },
  { key: "flagged", label: "Flagged", patch: { status: "flagged" } },
  { key: "public", label: "Public", patch: { visibility: "public" } },
  { key: "private", label: "Private", patch: { visibility: "private" } },
] as const;

/** Counts per state under the current filters; each one narrows the view to that state. */
export function StateCounts({
  counts,
  query,
  onFilter,
}: {
  counts: ConsoleCounts | null | "unavailable";
  query: ConsoleQuery;
  onFilter: (patch: Partial<ConsoleQuery>) => void;
}) {
  if (counts === "unavailable") return <p className="text-sm text-gray-700">Counts are not available from this server.</p>;
  return (
    <ul aria-label="Counts" className="flex gap-2 max-sm:-mx-3 max-sm:w-screen max-sm:overflow-x-auto max-sm:px-3 sm:flex-wrap">
      {STATES.map(({ key, label, patch }) => {
        const active = Object.entries(patch).every(([name, value]) => query[name as keyof ConsoleQuery] === value);
        return (
          <li key={key}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onFilter(patch)}
              className="min-h-11 rounded-full px-3 whitespace-nowrap text-sm font-semibold ring-1 ring-gray-300 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-700 aria-pressed:bg-gray-900 aria-pressed:text-white"
            >
              {label} <span className="tabular-nums">{counts ? counts[key] : "…"}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
