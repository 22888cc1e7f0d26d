import { useAtom, useSetAtom } from "jotai";
import { useCallback } from "react";
import { ApiError } from "../../../api/client";
import { bulkAction, setInvestigatorNotes, setReviewStatus, type BulkAction, type ConsoleItem, type NotesConflict, type ReviewStatus } from "../../../api/console";
import { useNotify } from "../../../state/useNotify";
import { itemName, someNames } from "../itemName";
import { lastVisibilityChangeAtom, OPPOSITE, selectedIdsAtom, type VisibilityChange } from "../state/selection";
import type { NotesOutcome } from "../components/ViewerPanel";
import type { useConsoleItems } from "./useConsoleItems";

const plural = (count: number) => `${count} item${count === 1 ? "" : "s"}`;
const DONE: Record<BulkAction, string> = {
  publish: "made public",
  unpublish: "made private",
  reviewed: "marked reviewed",
  flagged: "flagged",
  new: "marked new",
  delete: "deleted",
};

/** What an action does to the rows it changed, so the table follows without a reload. */
function changeOf(action: Exclude<BulkAction, "delete">): Partial<ConsoleItem> {
  if (action === "publish" || action === "unpublish") return { is_public: action === "publish" };
  return { review_status: action };
}

/** The console's changes: each updates the rows in place, counts again and says what happened (or why not). */
export function useConsoleActions(rows: ReturnType<typeof useConsoleItems>) {
  const notify = useNotify();
  const setSelected = useSetAtom(selectedIdsAtom);
  const [lastChange, setLastChange] = useAtom(lastVisibilityChangeAtom);
  const { replace, remove, recount } = rows;

  const failed = useCallback(
    (what: string, error: unknown) => {
      console.error(what, error);
      notify(`Could not ${what}: ${error instanceof Error ? error.message : "unknown error"}.`);
    },
    [notify],
  );

  const applyBulk = useCallback(
    async (action: BulkAction, ids: number[]) => {
      const result = await bulkAction(ids, action);
      if (action === "delete") remove(result.ids);
      else for (const id of result.ids) replace({ id, ...changeOf(action) });
      recount();
      return result;
    },
    [remove, replace, recount],
  );

  const bulk = useCallback(
    async (action: BulkAction, items: ConsoleItem[]) => {
      try {
        const result = await applyBulk(
          action,
          items.map((item) => item.id),
        );
        const changed = items.filter((item) => result.ids.includes(item.id));
        if (action === "publish" || action === "unpublish") setLastChange({ action, ids: result.ids, names: changed.map(itemName) });
        setSelected(new Set());
        notify(`${plural(result.updated)} ${DONE[action]}${changed.length ? `: ${someNames(changed)}` : ""}.`, "success");
      } catch (error) {
        failed("apply the bulk action", error);
      }
    },
    [applyBulk, setLastChange, setSelected, notify, failed],
  );

  const undo = useCallback(async () => {
    if (!lastChange) return;
    const opposite = OPPOSITE[lastChange.action];
    try {
      const { ids } = await applyBulk(opposite, lastChange.ids);
      setLastChange(null);
      const again = opposite === "publish" ? "public" : "private";
      const one = lastChange.ids.length === 1 && lastChange.names[0];
      // Someone else already turned it back: say so rather than claim an undo that changed nothing.
      if (ids.length === 0) notify(one ? `${one} was already ${again}: nothing to undo.` : "Nothing to undo: those items were already changed back.", "info");
      else notify(one ? `${one} is ${again} again.` : `Undone: ${plural(ids.length)} ${DONE[opposite]}.`, "success");
    } catch (error) {
      failed("undo the change", error);
    }
  }, [lastChange, applyBulk, setLastChange, notify, failed]);

  /** One item made public or private (the state asked for, not a toggle: a change meanwhile cannot flip it back). */
  const setPublic = useCallback(
    async (item: ConsoleItem, visible: boolean) => {
      const action = visible ? "publish" : "unpublish";
      try {
        const result = await applyBulk(action, [item.id]);
        const word = visible ? "public" : "private";
        // Already so (another admin was quicker): nothing to undo.
        if (result.ids.length === 0) return notify(`${itemName(item)} was already ${word}.`, "success");
        setLastChange({ action, ids: result.ids, names: [itemName(item)] });
        notify(`${itemName(item)} made ${word}.`, "success");
      } catch (error) {
        failed("change the visibility", error);
      }
    },
    [applyBulk, setLastChange, notify, failed],
  );

  const review = useCallback(
    async (item: ConsoleItem, status: ReviewStatus) => {
      try {
        replace(await setReviewStatus(item.id, status));
        recount();
      } catch (error) {
        failed("change the review state", error);
      }
    },
    [replace, recount, failed],
  );

  const saveNotes = useCallback(
    async (item: ConsoleItem, notes: string, previous: string): Promise<NotesOutcome> => {
      try {
        replace(await setInvestigatorNotes(item.id, notes, previous));
        return "saved";
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          const conflict = error.body as NotesConflict;
          replace(conflict.item);
          return conflict;
        }
        failed("save the investigator notes", error);
        return "failed";
      }
    },
    [replace, failed],
  );

  const rememberChange = useCallback((change: VisibilityChange) => setLastChange(change), [setLastChange]);
  return { bulk, undo, lastChange, setPublic, review, saveNotes, rememberChange };
}
