import { useAtom, useSetAtom } from "jotai";
import { useCallback } from "react";
import { bulkAction, setInvestigatorNotes, setReviewStatus, type BulkAction, type ConsoleItem, type ReviewStatus } from "../../../api/console";
import { toggleClearance } from "../../../api/evidence";
import { useNotify } from "../../../state/useNotify";
import { lastVisibilityChangeAtom, OPPOSITE, selectedIdsAtom, type VisibilityChange } from "../state/selection";
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
    async (action: BulkAction, ids: number[]) => {
      try {
        const result = await applyBulk(action, ids);
        if (action === "publish" || action === "unpublish") setLastChange({ action, ids: result.ids });
        setSelected(new Set());
        notify(`${plural(result.updated)} ${DONE[action]}.`, "success");
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
      await applyBulk(opposite, lastChange.ids);
      setLastChange(null);
      notify(`Undone: ${plural(lastChange.ids.length)} ${DONE[opposite]}.`, "success");
    } catch (error) {
      failed("undo the change", error);
    }
  }, [lastChange, applyBulk, setLastChange, notify, failed]);

  const toggleVisibility = useCallback(
    async (item: ConsoleItem) => {
      try {
        replace(await toggleClearance(item.id));
        setLastChange({ action: item.is_public ? "unpublish" : "publish", ids: [item.id] });
        recount();
      } catch (error) {
        failed("change the visibility", error);
      }
    },
    [replace, setLastChange, recount, failed],
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
    async (item: ConsoleItem, notes: string) => {
      try {
        replace(await setInvestigatorNotes(item.id, notes));
        return true;
      } catch (error) {
        failed("save the investigator notes", error);
        return false;
      }
    },
    [replace, failed],
  );

  const rememberChange = useCallback((change: VisibilityChange) => setLastChange(change), [setLastChange]);
  return { bulk, undo, lastChange, toggleVisibility, review, saveNotes, rememberChange };
}
