import { useAtomValue } from "jotai";
import { useLocation } from "wouter";
import { noticeAtom } from "../../../state/notices";
import type { ConsoleCounts, ConsoleQuery, Participant } from "../../../api/console";
import { exportUrl } from "../../../api/console";
import { Button, buttonClass } from "../../../ui/Button";
import { t, type MessageId } from "../../i18n/i18n";
import type { LiveStatus } from "../hooks/useLiveEvents";
import type { VisibilityChange } from "../state/selection";
import { ConsoleFilters } from "./ConsoleFilters";
import { StateCounts } from "./StateCounts";

const LIVE_TEXT: Record<LiveStatus, MessageId> = { connecting: "console.live_connecting", live: "console.live", unavailable: "console.live_unavailable_reload" };
const LIVE_DOT = { connecting: "bg-amber-500 animate-pulse", live: "bg-emerald-600", unavailable: "bg-red-700" } as const;

function ArrivedButton({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <Button size="sm" className="pointer-events-auto shadow-lift" onClick={onShow}>
      {t("console.arrived", { count })}
    </Button>
  );
}

/** Whether the page's notice is up, saying what the last change did (then nothing else repeats it). */
function useToldByNotice() {
  const notice = useAtomValue(noticeAtom);
  const [location] = useLocation();
  return notice?.tone === "success" && notice.path === location;
}

const UndoButton = ({ onUndo }: { onUndo: () => void }) => (
  <Button variant="ghost" size="sm" className="whitespace-nowrap" onClick={onUndo} aria-keyshortcuts="u">
    {t("console.undo")}
  </Button>
);

/** The last visibility change and its Undo, once the notice that said it is dismissed or replaced. */
function LastChange({ change, onUndo }: { change: VisibilityChange; onUndo: () => void }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-card bg-paper-deep px-3 py-1 text-sm text-ink-900">
      <span className="min-w-0 flex-1">
        {change.names.length === 1 && change.ids.length === 1
          ? t(change.action === "publish" ? "console.last_change.public_one" : "console.last_change.private_one", { name: change.names[0] })
          : t(change.action === "publish" ? "console.last_change.public_many" : "console.last_change.private_many", { count: change.ids.length })}
      </span>
      <UndoButton onUndo={onUndo} />
    </div>
  );
}

/**
 * The desk's bar: search and filters in one line, the counts, live status, layout, shortcuts and export, the last
 * visibility change with its Undo, and the arrivals waiting behind "N new — show".
 */
export function DeskBar({
  query,
  onQuery,
  participants,
  counts,
  live,
  grid,
  onGrid,
  onHelp,
  lastChange,
  onUndo,
  arrived,
  onShowArrived,
}: {
  query: ConsoleQuery;
  onQuery: (patch: Partial<ConsoleQuery>, replace?: boolean) => void;
  participants: Participant[];
  counts: ConsoleCounts | null | "unavailable";
  live: LiveStatus;
  grid: boolean;
  onGrid: (grid: boolean) => void;
  onHelp: () => void;
  lastChange: VisibilityChange | null;
  onUndo: () => void;
  arrived: number;
  onShowArrived: () => void;
}) {
  const told = useToldByNotice();
  return (
    <>
      {/* On a laptop the desk's bar stays under the app's bar while the list scrolls (a phone keeps its height for rows). */}
      <div className="relative z-20 -mx-4 space-y-2 border-b border-line bg-paper/95 px-4 py-2 backdrop-blur sm:sticky sm:top-16 sm:-mx-6 sm:px-6">
        <ConsoleFilters query={query} participants={participants} onChange={onQuery} />
        {/* A phone: the counts and the tools in one line that scrolls sideways, so the rows start on the first screen. */}
        <div className="flex items-center gap-2 max-sm:-mx-4 max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-1 sm:flex-wrap">
          <StateCounts counts={counts} query={query} onFilter={(patch) => onQuery(patch)} />
          <div className="ms-auto flex items-center gap-2 sm:flex-wrap">
            {/* While the notice says what changed, its Undo waits among the tools (one place says it). */}
            {lastChange && told && <UndoButton onUndo={onUndo} />}
            <p role="status" className="flex items-center gap-2 text-xs whitespace-nowrap text-muted">
              <span aria-hidden="true" className={`size-2 rounded-full ${LIVE_DOT[live]}`} />
              {t(LIVE_TEXT[live])}
            </p>
            <Button variant="ghost" size="sm" className="whitespace-nowrap" aria-pressed={grid} onClick={() => onGrid(!grid)}>
              {t("console.grid")}
            </Button>
            <Button variant="ghost" size="sm" className="max-sm:hidden" onClick={onHelp} aria-keyshortcuts="?">
              {t("console.shortcuts")}
            </Button>
            <a className={buttonClass("secondary", "whitespace-nowrap", "sm")} href={exportUrl(query)} download>
              {t("console.export")}
            </a>
          </div>
        </div>
        {lastChange && !told && <LastChange change={lastChange} onUndo={onUndo} />}
        {arrived > 0 && (
          <div className="pointer-events-none absolute inset-x-0 -bottom-5 flex justify-center max-sm:hidden">
            <ArrivedButton count={arrived} onShow={onShowArrived} />
          </div>
        )}
      </div>
      {arrived > 0 && (
        // A phone's desk bar scrolls away: there the control waits above the tab bar, under the thumb (outside the
        // blurred bar, whose backdrop filter would hold a fixed child inside it).
        <div className="pointer-events-none fixed inset-x-0 bottom-[calc(1rem+var(--tab-bar,0rem))] z-30 flex justify-center sm:hidden">
          <ArrivedButton count={arrived} onShow={onShowArrived} />
        </div>
      )}
    </>
  );
}
