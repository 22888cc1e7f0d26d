import { useAtom } from "jotai";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { BulkAction, BulkResult, ConsoleItem, Participant } from "../../../api/console";
import { useNotify } from "../../../state/useNotify";
import { Alert, Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { EmptyState, LoadingState } from "../../../ui/States";
import { t, type MessageId } from "../../i18n/i18n";
import { doneText, useConsoleActions, withdrawnNote } from "../hooks/useConsoleActions";
import { useConsoleItems } from "../hooks/useConsoleItems";
import { useConsoleQuery } from "../hooks/useConsoleQuery";
import { useGridLayout } from "../hooks/useGridLayout";
import { useItemCursor } from "../hooks/useItemCursor";
import { useShortcuts } from "../hooks/useShortcuts";
import { shortTitle } from "../itemName";
import { selectedIdsAtom } from "../state/selection";
import { BulkBar } from "./BulkBar";
import { DeskBar } from "./DeskBar";
import { ConsoleGrid } from "./ConsoleGrid";
import { ConsoleTable } from "./ConsoleTable";
import { MakeAllButtons } from "./MakeAllButtons";
import { ShortcutHelp } from "./ShortcutHelp";
import { TriageBar } from "./TriageBar";
import { ViewerNavigation } from "./ViewerNavigation";
import { ViewerPanel } from "./ViewerPanel";
import { VisibilitySwitch } from "./VisibilitySwitch";
import { WithdrawalOverrideDialog, WithdrawForParticipantDialog } from "./WithdrawalDialogs";

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

/** Scrolled further than this, the admin is not "at the top": new items wait behind the "N new" control. */
const TOP_PX = 120;

/** The question before a bulk action, by the actions the bulk bar offers. */
const BULK_QUESTION: Partial<Record<BulkAction, MessageId>> = {
  publish: "console.bulk.confirm.publish",
  unpublish: "console.bulk.confirm.unpublish",
  reviewed: "console.bulk.confirm.reviewed",
  delete: "console.bulk.confirm.delete",
};

/** In a publish's confirmation: the selected items withdrawn by their participants, which the publish leaves private. */
function StaysPrivate({ items }: { items: ConsoleItem[] }) {
  const withdrawn = items.filter((item) => item.withdrawn_at && !item.is_public);
  if (withdrawn.length === 0) return null;
  return (
    <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900 ring-1 ring-red-700/40 ring-inset">
      {t("console.bulk.withdrawn_stay_private", { count: withdrawn.length })}
    </p>
  );
}

/**
 * How many items the admin can step through: the count without the arrivals still waiting behind "N new" (they are
 * not in the list yet), and never fewer than the list holds.
 */
function shownTotal({ counts, items, done, arrived }: Pick<ReturnType<typeof useConsoleItems>, "counts" | "items" | "done" | "arrived">) {
  if (done || !counts || counts === "unavailable") return items.length;
  return Math.max(counts.total - arrived.length, items.length);
}

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
  const [asking, setAsking] = useState<{ action: BulkAction; items: ConsoleItem[] } | null>(null);
  const [switching, setSwitching] = useState<ConsoleItem | null>(null);
  const [withdrawing, setWithdrawing] = useState<ConsoleItem | null>(null);
  // A withdrawn item is not switched on like another: its publication asks for the override first.
  const requestSwitch = (item: ConsoleItem) => (item.withdrawn_at && !item.is_public ? actions.override.ask(item) : setSwitching(item));
  const [help, setHelp] = useState(false);
  const [grid, setGrid] = useGridLayout();
  const ItemsView = grid ? ConsoleGrid : ConsoleTable;

  const { items, done, loading, loadMore } = rows;
  const { cursorId, setCursorId, index, shown, gone, current, move } = useItemCursor(items, loading, rows.deleted);
  const filtered = Object.entries(query).some(([name, value]) => name !== "sort" && value !== "");
  // A new view starts at its top with nothing ticked and no viewer: a bulk action never reaches rows the view no
  // longer shows, and the viewer never opens by itself on the new view's first item.
  useEffect(() => {
    setCursorId(null);
    setViewer(null);
    setSelected(new Set());
  }, [query, setSelected, setCursorId]);

  // A link to one item (?id=, from the audit log) opens it in the viewer once it has loaded.
  const linked = Number(query.id) || null;
  const openedLink = useRef<number | null>(null);
  useEffect(() => {
    if (linked !== null && openedLink.current !== linked && items[0]?.id === linked) {
      openedLink.current = linked;
      setCursorId(linked);
      setViewer({ editing: false });
    }
  }, [linked, items, setCursorId]);

  // Triage runs past the loaded page: fetch the next one while a few rows are left.
  useEffect(() => {
    if (index >= items.length - 5 && !done && !loading) loadMore();
  }, [index, items.length, done, loading, loadMore]);
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
      p: () => current && requestSwitch(current),
      r: () => current && actions.review(current, "reviewed"),
      f: () => current && actions.review(current, current.review_status === "flagged" ? "new" : "flagged"),
      e: () => current && setViewer({ editing: true }),
      x: () => current && toggle(current.id),
      u: () => actions.undo(),
      "?": () => setHelp(true),
    },
    !help && !asking && !switching && !withdrawing && !actions.override.item,
  );

  async function afterMakeAll(visible: boolean, result: BulkResult) {
    notify(t("console.bulk.done", { done: doneText(visible ? "publish" : "unpublish", result.updated) }) + withdrawnNote(result, "console.make_all.withdrawn_stay_private"), "success");
    if (result.ids) actions.rememberChange({ action: visible ? "publish" : "unpublish", ids: result.ids, names: [] });
    rows.recount();
    await rows.reload();
  }

  return (
    <div className="space-y-3">
      <DeskBar
        query={query}
        onQuery={setQuery}
        participants={participants}
        counts={rows.counts}
        live={rows.live}
        grid={grid}
        onGrid={setGrid}
        onHelp={() => setHelp(true)}
        lastChange={actions.lastChange}
        onUndo={actions.undo}
        arrived={rows.arrived.length}
        onShowArrived={showArrived}
      />
      {rows.failed && <Alert>{t("archive.load_failed")}</Alert>}
      {items.length === 0 && !rows.loading && !rows.failed ? (
        <EmptyState title={filtered ? t("console.empty_filtered") : t("console.empty")}>
          {filtered ? t("console.empty_filtered_text") : t("console.empty_text")}
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
          renderVisibility={(item) => <VisibilitySwitch item={item} onRequest={requestSwitch} />}
        />
      )}
      {rows.loading ? (
        <LoadingState label={t("console.loading")} />
      ) : (
        !rows.done &&
        !rows.failed && (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={rows.loadMore}>
              {t("console.load_more", { count: items.length })}
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
            onVisibility={requestSwitch}
            onWithdraw={setWithdrawing}
            onSaveNotes={(notes, previous) => actions.saveNotes(current, notes, previous)}
            onHistory={() => onHistory(current.id)}
          />
        ),
        navigation: (
          <>
            <div className="contents max-sm:hidden">
              <ViewerNavigation
                position={index + 1}
                total={shownTotal(rows)}
                onPrevious={() => move(-1)}
                onNext={() => move(1)}
              />
            </div>
            {current && (
              <TriageBar
                item={current}
                onReviewed={() => actions.review(current, "reviewed")}
                onFlag={() => actions.review(current, current.review_status === "flagged" ? "new" : "flagged")}
                onPublic={() => requestSwitch(current)}
                onNext={() => move(1)}
              />
            )}
          </>
        ),
      })}
      <ConfirmDialog
        open={asking !== null}
        message={t(BULK_QUESTION[asking?.action ?? "publish"] ?? "console.bulk.confirm.publish", { count: asking?.items.length ?? 0 })}
        onConfirm={async () => {
          if (asking) await actions.bulk(asking.action, asking.items);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      >
        {asking && (
          <ul aria-label={t("console.items")} className="mt-3 list-disc space-y-1 ps-5 text-sm text-ink-800">
            {asking.items.slice(0, 5).map((item) => (
              <li key={item.id}>
                {shortTitle(item.title)} <span className="text-muted">#{item.id}</span>
                {asking.action === "publish" && item.withdrawn_at && !item.is_public && <span className="font-semibold text-red-900"> · {t("console.withdrawn.short")}</span>}
              </li>
            ))}
            {asking.items.length > 5 && <li className="list-none text-muted">{t("console.and_more", { count: asking.items.length - 5 })}</li>}
          </ul>
        )}
        {asking?.action === "publish" && <StaysPrivate items={asking.items} />}
      </ConfirmDialog>
      <ConfirmDialog
        open={switching !== null}
        message={t(switching?.is_public ? "console.make_private_question" : "console.make_public_question", { title: switching?.title ?? "", id: switching?.id ?? "" })}
        onConfirm={async () => {
          if (switching) await actions.setPublic(switching, !switching.is_public);
          setSwitching(null);
        }}
        onCancel={() => setSwitching(null)}
      />
      <WithdrawalOverrideDialog item={actions.override.item} onCancel={actions.override.cancel} onConfirm={actions.override.confirm} />
      <WithdrawForParticipantDialog
        item={withdrawing}
        onCancel={() => setWithdrawing(null)}
        onConfirm={async (item) => {
          await actions.withdrawFor(item);
          setWithdrawing(null);
        }}
      />
      <ShortcutHelp open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
