import { useAtom } from "jotai";
import { useEffect, useState, type ReactNode } from "react";
import { exportUrl, type BulkAction, type BulkResult, type ConsoleItem, type Participant } from "../../../api/console";
import { useNotify } from "../../../state/useNotify";
import { Alert, Button, buttonClass } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { EmptyState, LoadingState } from "../../../ui/States";
import { useConsoleActions } from "../hooks/useConsoleActions";
import { useConsoleItems } from "../hooks/useConsoleItems";
import { useConsoleQuery } from "../hooks/useConsoleQuery";
import { useShortcuts } from "../hooks/useShortcuts";
import { selectedIdsAtom } from "../state/selection";
import { BULK_LABELS, BulkBar } from "./BulkBar";
import { ConsoleFilters } from "./ConsoleFilters";
import { ConsoleTable } from "./ConsoleTable";
import { MakeAllButtons } from "./MakeAllButtons";
import { ShortcutHelp } from "./ShortcutHelp";
import { StateCounts } from "./StateCounts";
import { ViewerNavigation } from "./ViewerNavigation";
import { ViewerPanel } from "./ViewerPanel";
import { VisibilitySwitch } from "./VisibilitySwitch";

export interface ViewerSlot {
  item: ConsoleItem | null;
  editing: boolean;
  onClose: () => void;
  onChanged: () => void;
  /** The console's triage controls, shown inside the viewer. */
  panel: ReactNode;
  /** Previous / position / next, for the viewer's footer. */
  navigation: ReactNode;
}

const LIVE_TEXT = { connecting: "Connecting to live updates…", live: "Live", unavailable: "Live updates unavailable: reload to see changes" } as const;
const LIVE_DOT = { connecting: "bg-amber-500 animate-pulse", live: "bg-emerald-600", unavailable: "bg-red-700" } as const;

/** The investigator's desk: filters in the URL, counts, the triage grid, the viewer, bulk actions, live updates. */
export function EvidenceConsole({ participants, renderViewer }: { participants: Participant[]; renderViewer: (viewer: ViewerSlot) => ReactNode }) {
  const notify = useNotify();
  const [query, setQuery] = useConsoleQuery();
  const rows = useConsoleItems(query);
  const actions = useConsoleActions(rows);
  const [selected, setSelected] = useAtom(selectedIdsAtom);
  const [cursor, setCursor] = useState(0);
  const [viewer, setViewer] = useState<{ editing: boolean } | null>(null);
  const [asking, setAsking] = useState<{ action: BulkAction; ids: number[] } | null>(null);
  const [switching, setSwitching] = useState<ConsoleItem | null>(null);
  const [help, setHelp] = useState(false);

  const { items, done, loading, loadMore } = rows;
  const filtered = Object.entries(query).some(([name, value]) => name !== "sort" && value !== "");
  // A new view starts at its top with nothing ticked: a bulk action never reaches rows the view no longer shows.
  useEffect(() => {
    setCursor(0);
    setSelected(new Set());
  }, [query, setSelected]);
  // Triage runs past the loaded page: fetch the next one while a few rows are left.
  useEffect(() => {
    if (cursor >= items.length - 5 && !done && !loading) loadMore();
  }, [cursor, items.length, done, loading, loadMore]);
  const current = items[Math.min(cursor, items.length - 1)] ?? null;
  const move = (step: number) => setCursor((index) => Math.max(0, Math.min(items.length - 1, index + step)));
  const toggle = (id: number) =>
    setSelected((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  useShortcuts(
    {
      j: () => move(1),
      ArrowDown: () => move(1),
      k: () => move(-1),
      ArrowUp: () => move(-1),
      o: () => current && setViewer({ editing: false }),
      p: () => current && actions.toggleVisibility(current),
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
    if (result.ids) actions.rememberChange({ action: visible ? "publish" : "unpublish", ids: result.ids });
    rows.recount();
    await rows.reload();
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <StateCounts counts={rows.counts} query={query} onFilter={(patch) => setQuery(patch)} />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <p role="status" className="flex items-center gap-2 text-xs text-muted">
            <span aria-hidden="true" className={`size-2 rounded-full ${LIVE_DOT[rows.live]}`} />
            {LIVE_TEXT[rows.live]}
          </p>
          <Button variant="ghost" size="sm" className="max-sm:hidden" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            Shortcuts
          </Button>
          <a className={buttonClass("secondary", "", "sm")} href={exportUrl(query)} download>
            Export this view
          </a>
        </div>
      </div>
      <ConsoleFilters query={query} participants={participants} onChange={setQuery} />
      {actions.lastChange && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-card bg-paper-deep px-4 py-2 text-sm text-ink-900">
          <span className="mr-auto">
            Last change: {actions.lastChange.ids.length} item{actions.lastChange.ids.length === 1 ? "" : "s"} made{" "}
            {actions.lastChange.action === "publish" ? "public" : "private"}.
          </span>
          <Button variant="secondary" size="sm" onClick={actions.undo} aria-keyshortcuts="u">
            Undo
          </Button>
        </div>
      )}
      {rows.failed && <Alert>Could not load evidence!</Alert>}
      {items.length === 0 && !rows.loading && !rows.failed ? (
        <EmptyState title={filtered ? "Nothing matches these filters." : "No evidence yet."}>
          {filtered ? "Change or clear the filters above." : "Items appear here as participants send them."}
        </EmptyState>
      ) : (
        <ConsoleTable
          items={items}
          cursor={cursor}
          selected={selected}
          onCursor={setCursor}
          onOpen={(index) => (setCursor(index), setViewer({ editing: false }))}
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
      <BulkBar count={selected.size} onAction={(action) => setAsking({ action, ids: [...selected] })} onClear={() => setSelected(new Set())} />
      {renderViewer({
        item: viewer ? current : null,
        editing: viewer?.editing ?? false,
        onClose: () => setViewer(null),
        onChanged: rows.reload,
        panel: current && (
          <ViewerPanel item={current} onReview={(status) => actions.review(current, status)} onSaveNotes={(notes) => actions.saveNotes(current, notes)} />
        ),
        navigation: (
          <ViewerNavigation
            position={cursor + 1}
            total={rows.counts && rows.counts !== "unavailable" ? Math.max(rows.counts.total, items.length) : items.length}
            onPrevious={() => move(-1)}
            onNext={() => move(1)}
          />
        ),
      })}
      <ConfirmDialog
        open={asking !== null}
        message={`${BULK_LABELS[asking?.action ?? "publish"]} ${asking?.ids.length ?? 0} selected item${asking?.ids.length === 1 ? "" : "s"}?`}
        onConfirm={async () => {
          if (asking) await actions.bulk(asking.action, asking.ids);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={switching !== null}
        message={`Make "${switching?.title ?? ""}" ${switching?.is_public ? "private" : "public"}?`}
        onConfirm={async () => {
          if (switching) await actions.toggleVisibility(switching);
          setSwitching(null);
        }}
        onCancel={() => setSwitching(null)}
      />
      <ShortcutHelp open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
