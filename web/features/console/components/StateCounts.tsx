import type { ConsoleCounts, ConsoleQuery } from "../../../api/console";
import { formatNumber } from "../../../lib/format";
import { t } from "../../i18n/i18n";

const STATES = [
  { key: "total", label: "console.count.all", patch: { status: "", visibility: "" } },
  { key: "new", label: "console.review.new", patch: { status: "new" } },
  { key: "reviewed", label: "console.review.reviewed", patch: { status: "reviewed" } },
  { key: "flagged", label: "console.review.flagged", patch: { status: "flagged" } },
  { key: "public", label: "evidence.public", patch: { visibility: "public" } },
  { key: "private", label: "evidence.private", patch: { visibility: "private" } },
  { key: "withdrawn", label: "console.filter.withdrawn", patch: { visibility: "withdrawn" } },
] as const;

/**
 * Counts per state under the current filters; each one narrows the view to that state. On a phone they form one
 * strip that scrolls sideways inside itself, edge to edge (the page's own padding is px-4).
 */
export function StateCounts({
  counts,
  query,
  onFilter,
}: {
  counts: ConsoleCounts | null | "unavailable";
  query: ConsoleQuery;
  onFilter: (patch: Partial<ConsoleQuery>) => void;
}) {
  if (counts === "unavailable") return <p className="text-sm text-muted">{t("console.counts_unavailable")}</p>;
  return (
    <ul aria-label={t("console.counts")} className="relative flex gap-2 sm:flex-wrap">
      {STATES.map(({ key, label, patch }) => {
        // A server that knows no withdrawals has no count for them.
        if (counts && counts[key] === undefined) return null;
        const active = Object.entries(patch).every(([name, value]) => query[name as keyof ConsoleQuery] === value);
        return (
          <li key={key}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onFilter(patch)}
              className="inline-flex min-h-11 items-baseline gap-2 rounded-full bg-surface px-4 py-2.5 text-sm sm:min-h-8 sm:px-3 sm:py-1.5 font-semibold whitespace-nowrap text-ink-800 ring-1 ring-line ring-inset hover:bg-paper-deep focus-visible:outline-2 focus-visible:outline-offset-2 aria-pressed:bg-ink-900 aria-pressed:text-white aria-pressed:ring-ink-900"
            >
              {t(label)} <span className="font-display text-lg leading-none tabular-nums sm:text-base">{counts ? formatNumber(counts[key] ?? 0) : "…"}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
