import { useAtom } from "jotai";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { exportUrl, type BulkAction, type BulkResult, type ConsoleItem, type Participant } from "../../../api/console";
import { useNotify } from "../../../state/useNotify";
import { Alert, Button, buttonClass } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { EmptyState, LoadingState } from "../../../ui/States";
import { useConsoleActions } from "../hooks/useConsoleActions";
import { useConsoleItems } from "../hooks/useConsoleItems";
import { useConsoleQuery } from "../hooks/useConsoleQuery";
import { useShortcuts } from "../hooks/useShortcuts";
import { shortTitle } from "../itemName";
import { selectedIdsAtom } from "../state/selection";
import { BULK_LABELS, BulkBar } from "./BulkBar";
import { ConsoleFilters } from "./ConsoleFilters";
import { ConsoleGrid } from "./ConsoleGrid";
import { ConsoleTable } from "./ConsoleTable";
import { MakeAllButtons } from "./MakeAllButtons";
import { ShortcutHelp } from "./ShortcutHelp";
import { StateCounts } from "./StateCounts";
import { TriageBar } from "./TriageBar";
import { ViewerNavigation } from "./ViewerNavigation";
import { ViewerPanel } from "./ViewerPanel";
import { VisibilitySwitch } from "./VisibilitySwitch";

export interface ViewerSlot {
  item: ConsoleItem | null;
  editing: boolean;
  /** The item was deleted elsewhere while open: the viewer says so and keeps it until closed. */
  gone: boolean;
  onClose: () => void;
  /** The item as saved by the viewer's own edit. */
  onChanged: (item?: ConsoleItem) => void;
  /** The console's triage controls, shown inside the viewer. */
  panel: ReactNode;
  /** Previous / position / next, for the viewer's footer. */
  navigation: ReactNode;
}

const LIVE_TEXT = { connecting: "Connecting to live updates…", live: "Live", unavailable: "Live updates unavailable: reload to see changes" } as const;
const LIVE_DOT = { connecting: "bg-amber-500 animate-pulse", live: "bg-emerald-600", unavailable: "bg-red-700" } as const;

function ArrivedButton({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <Button size="sm" className="pointer-events-auto shadow-lift" onClick={onShow}>
      {count} new — show
    </Button>
  );
}

const LAYOUT_KEY = "casefile:desk-layout";

/** Table or tiles, remembered on this device. */
function useGridLayout(): [boolean, (grid: boolean) => void] {
  const [grid, setGrid] = useState(() => localStorage.getItem(LAYOUT_KEY) === "grid");
  const choose = useCallback((next: boolean) => {
    setGrid(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next ? "grid" : "table");
    } catch {
      // not remembered (storage refused): the choice holds for this visit
    }
  }, []);
  return [grid, choose];
}

/** Scrolled further than this, the admin is not "at the top": new items wait behind the "N new" control. */
const TOP_PX = 120;

/**
 * The investigator's desk: filters in the URL, counts, the triage grid, the viewer, bulk actions, live updates.
 * The cursor, the open viewer and every action follow an item's id, never a position in the list: arrivals, edits
 * and deletions by others do not change which item the admin is looking at or acting on.
 */
export function EvidenceConsole({
  participants,
  renderViewer,
  onHistory,
}: {
  participants: Participant[];
  renderViewer: (viewer: ViewerSlot) => ReactNode;
  /** The audit log of one item. */
  onHistory: (id: number) => void;
}) {
  const notify = useNotify();
  const [query, setQuery] = useConsoleQuery();
  const [viewer, setViewer] = useState<{ editing: boolean } | null>(null);
  const viewerOpen = useRef(false);
  viewerOpen.current = viewer !== null;
  const rows = useConsoleItems(
    query,
    useCallback(() => viewerOpen.current || window.scrollY > TOP_PX, []),
  );
  const actions = useConsoleActions(rows);
  const [selected, setSelected] = useAtom(selectedIdsAtom);
  const [cursorId, setCursorId] = useState<number | null>(null);
  const [asking, setAsking] = useState<{ action: BulkAction; items: ConsoleItem[] } | null>(null);
  const [switching, setSwitching] = useState<ConsoleItem | null>(null);
  const [help, setHelp] = useState(false);
  const [grid, setGrid] = useGridLayout();
  const ItemsView = grid ? ConsoleGrid : ConsoleTable;

  const { items, done, loading, loadMore } = rows;
  const filtered = Object.entries(query).some(([name, value]) => name !== "sort" && value !== "");
  // A new view starts at its top with nothing ticked and no viewer: a bulk action never reaches rows the view no
  // longer shows, and the viewer never opens by itself on the new view's first item.
  useEffect(() => {
    setCursorId(null);
    setViewer(null);
    setSelected(new Set());
  }, [query, setSelected]);
  useEffect(() => {
    if (cursorId === null && !loading && items[0]) setCursorId(items[0].id);
  }, [cursorId, loading, items]);

  // A link to one item (?id=, from the audit log) opens it in the viewer once it has loaded.
  const linked = Number(query.id) || null;
  const openedLink = useRef<number | null>(null);
  useEffect(() => {
    if (linked !== null && openedLink.current !== linked && items[0]?.id === linked) {
      openedLink.current = linked;
      setCursorId(linked);
      setViewer({ editing: false });
    }
  }, [linked, items]);

  const index = cursorId === null ? -1 : items.findIndex((item) => item.id === cursorId);
  // Where the cursor's item was: j/k go on from there when it was deleted meanwhile.
  const lastIndex = useRef(0);
  if (index >= 0) lastIndex.current = index;
  const found = index >= 0 ? items[index]! : null;
  // The open item as last seen, kept when it leaves the list (deleted elsewhere) so the viewer does not jump.
  const kept = useRef<ConsoleItem | null>(null);
  if (found) kept.current = found;
  const shown = found ?? (kept.current?.id === cursorId ? kept.current : null);
  const gone = cursorId !== null && rows.deleted.has(cursorId);
  /** What the keys act on: the cursor's item, and only while it exists. */
  const current = gone ? null : found;

  // Triage runs past the loaded page: fetch the next one while a few rows are left.
  useEffect(() => {
    if (index >= items.length - 5 && !done && !loading) loadMore();
  }, [index, items.length, done, loading, loadMore]);
  const move = (step: number) => {
    if (items.length === 0) return;
    const from = index >= 0 ? index : lastIndex.current - (step > 0 ? 1 : 0);
    setCursorId(items[Math.max(0, Math.min(items.length - 1, from + step))]!.id);
  };
  const toggle = (id: number) =>
    setSelected((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const showArrived = () => {
    rows.showArrived();
    window.scrollTo({ top: 0 });
  };

  useShortcuts(
    {
      j: () => move(1),
      ArrowDown: () => move(1),
      k: () => move(-1),
      ArrowUp: () => move(-1),
      o: () => current && setViewer({ editing: false }),
      p: () => current && setSwitching(current),
      r: () => current && actions.review(current, "reviewed"),
      f: () => current && actions.review(current, current.review_status === "flagged" ? "new" : "flagged"),
      e: () => current && setViewer({ editing: true }),
      x: () => current && toggle(current.id),
      u: () => actions.undo(),
      "?": () => setHelp(true),
    },
    !help && !asking && !switching,
  );

  async function afterMakeAll(visible: boolean, result: BulkResult) {
    notify(`${result.updated} item${result.updated === 1 ? "" : "s"} made ${visible ? "public" : "private"}.`, "success");
    if (result.ids) actions.rememberChange({ action: visible ? "publish" : "unpublish", ids: result.ids, names: [] });
    rows.recount();
    await rows.reload();
  }

  const last = actions.lastChange;
  return (
    <div className="space-y-3">
      {/* On a laptop the desk's bar stays under the app's bar while the list scrolls (a phone keeps its height for rows). */}
      <div className="relative z-20 -mx-4 space-y-2 border-b border-line bg-paper/95 px-4 py-2 backdrop-blur sm:sticky sm:top-16 sm:-mx-6 sm:px-6">
        <ConsoleFilters query={query} participants={participants} onChange={setQuery} />
        <div className="flex flex-wrap items-center gap-2">
          <StateCounts counts={rows.counts} query={query} onFilter={(patch) => setQuery(patch)} />
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <p role="status" className="flex items-center gap-2 text-xs text-muted">
              <span aria-hidden="true" className={`size-2 rounded-full ${LIVE_DOT[rows.live]}`} />
              {LIVE_TEXT[rows.live]}
            </p>
            <Button variant="ghost" size="sm" aria-pressed={grid} onClick={() => setGrid(!grid)}>
              Grid
            </Button>
            <Button variant="ghost" size="sm" className="max-sm:hidden" onClick={() => setHelp(true)} aria-keyshortcuts="?">
              Shortcuts
            </Button>
            <a className={buttonClass("secondary", "", "sm")} href={exportUrl(query)} download>
              Export this view
            </a>
          </div>
        </div>
        {last && (
          <div role="status" className="flex items-center gap-3 rounded-card bg-paper-deep px-3 py-1 text-sm text-ink-900">
            <span className="min-w-0 flex-1">
              Last change: {last.names.length === 1 && last.ids.length === 1 ? last.names[0] : `${last.ids.length} item${last.ids.length === 1 ? "" : "s"}`} made{" "}
              {last.action === "publish" ? "public" : "private"}.
            </span>
            <Button variant="ghost" size="sm" onClick={actions.undo} aria-keyshortcuts="u">
              Undo
            </Button>
          </div>
        )}
        {rows.arrived.length > 0 && (
          <div className="pointer-events-none absolute inset-x-0 -bottom-5 flex justify-center max-sm:hidden">
            <ArrivedButton count={rows.arrived.length} onShow={showArrived} />
          </div>
        )}
      </div>
      {rows.arrived.length > 0 && (
        // A phone's desk bar scrolls away: there the control waits above the tab bar, under the thumb (outside the
        // blurred bar, whose backdrop filter would hold a fixed child inside it).
        <div className="pointer-events-none fixed inset-x-0 bottom-[calc(1rem+var(--tab-bar,0rem))] z-30 flex justify-center sm:hidden">
          <ArrivedButton count={rows.arrived.length} onShow={showArrived} />
        </div>
      )}
      {rows.failed && <Alert>Could not load evidence!</Alert>}
      {items.length === 0 && !rows.loading && !rows.failed ? (
        <EmptyState title={filtered ? "Nothing matches these filters." : "No evidence yet."}>
          {filtered ? "Change or clear the filters above." : "Items appear here as participants send them."}
        </EmptyState>
      ) : (
        <ItemsView
          items={items}
          cursorId={cursorId}
          selected={selected}
          onCursor={setCursorId}
          onOpen={(id) => (setCursorId(id), setViewer({ editing: false }))}
          onToggle={toggle}
          onToggleAll={() => setSelected(items.every((item) => selected.has(item.id)) ? new Set() : new Set(items.map((item) => item.id)))}
          renderVisibility={(item) => <VisibilitySwitch item={item} onRequest={setSwitching} />}
        />
      )}
      {rows.loading ? (
        <LoadingState label="Loading evidence" />
      ) : (
        !rows.done &&
        !rows.failed && (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={rows.loadMore}>
              Load more ({items.length} shown)
            </Button>
          </div>
        )
      )}
      <MakeAllButtons onDone={afterMakeAll} />
      <BulkBar
        count={selected.size}
        onAction={(action) => setAsking({ action, items: items.filter((item) => selected.has(item.id)) })}
        onClear={() => setSelected(new Set())}
      />
      {renderViewer({
        item: viewer ? shown : null,
        editing: viewer?.editing ?? false,
        gone,
        onClose: () => setViewer(null),
        onChanged: (item) => (item ? rows.replace(item) : rows.reload()),
        panel: current && (
          <ViewerPanel
            item={current}
            onReview={(status) => actions.review(current, status)}
            onVisibility={setSwitching}
            onSaveNotes={(notes, previous) => actions.saveNotes(current, notes, previous)}
            onHistory={() => onHistory(current.id)}
          />
        ),
        navigation: (
          <>
            <div className="contents max-sm:hidden">
              <ViewerNavigation
                position={index + 1}
                total={rows.counts && rows.counts !== "unavailable" ? Math.max(rows.counts.total, items.length) : items.length}
                onPrevious={() => move(-1)}
                onNext={() => move(1)}
              />
            </div>
            {current && (
              <TriageBar
                item={current}
                onReviewed={() => actions.review(current, "reviewed")}
                onFlag={() => actions.review(current, current.review_status === "flagged" ? "new" : "flagged")}
                onPublic={() => setSwitching(current)}
                onNext={() => move(1)}
              />
            )}
          </>
        ),
      })}
      <ConfirmDialog
        open={asking !== null}
        message={`${BULK_LABELS[asking?.action ?? "publish"]} ${asking?.items.length ?? 0} selected item${asking?.items.length === 1 ? "" : "s"}?`}
        onConfirm={async () => {
          if (asking) await actions.bulk(asking.action, asking.items);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      >
        {asking && (
          <ul aria-label="Items" className="mt-3 list-disc space-y-1 pl-5 text-sm text-ink-800">
            {asking.items.slice(0, 5).map((item) => (
              <li key={item.id}>
                {shortTitle(item.title)} <span className="text-muted">#{item.id}</span>
              </li>
            ))}
            {asking.items.length > 5 && <li className="list-none text-muted">and {asking.items.length - 5} more</li>}
          </ul>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={switching !== null}
        message={`Make "${switching?.title ?? ""}" (#${switching?.id ?? ""}) ${switching?.is_public ? "private" : "public"}?`}
        onConfirm={async () => {
          if (switching) await actions.setPublic(switching, !switching.is_public);
          setSwitching(null);
        }}
        onCancel={() => setSwitching(null)}
      />
      <ShortcutHelp open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
