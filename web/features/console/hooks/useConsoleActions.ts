import { useAtom, useSetAtom } from "jotai";
import { useCallback, useState } from "react";
import { ApiError } from "../../../api/client";
import {
  bulkAction,
  getConsoleItem,
  publishOverridingWithdrawal,
  setInvestigatorNotes,
  setReviewStatus,
  type BulkAction,
  type BulkResult,
  type ConsoleItem,
  type NotesConflict,
  type ReviewStatus,
  type WithdrawalConflict,
} from "../../../api/console";
import { withdrawEvidence } from "../../../api/rights";
import { useNotify } from "../../../state/useNotify";
import { t, type MessageId } from "../../i18n/i18n";
import { itemName, someNames } from "../itemName";
import { lastVisibilityChangeAtom, OPPOSITE, selectedIdsAtom, type VisibilityChange } from "../state/selection";
import type { NotesOutcome } from "../components/ViewerPanel";
import type { useConsoleItems } from "./useConsoleItems";

const DONE: Record<BulkAction, MessageId> = {
  publish: "console.bulk.done.publish",
  unpublish: "console.bulk.done.unpublish",
  reviewed: "console.bulk.done.reviewed",
  flagged: "console.bulk.done.flagged",
  new: "console.bulk.done.new",
  delete: "console.bulk.done.delete",
};
/** What an action did, counted: "3 items made public". */
export const doneText = (action: BulkAction, count: number) => t(DONE[action], { count });

/**
 * What a publish left private, said after its result: "1 of these was withdrawn by its participant and stays private."
 * (a selection), "2 withdrawn items stay private: …" (Make All Public).
 */
export const withdrawnNote = (
  result: Pick<BulkResult, "skipped_withdrawn" | "skipped_unredacted">,
  id: MessageId = "console.bulk.withdrawn_stay_private",
) =>
  (result.skipped_withdrawn?.length ? ` ${t(id, { count: result.skipped_withdrawn.length })}` : "") +
  // Not through the redaction step (issue 46): the rows' marks say which; the viewer's Redact opens the studio.
  (result.skipped_unredacted?.length ? ` ${t("console.redaction.skipped", { count: result.skipped_unredacted.length })}` : "");

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
  /** The withdrawn item the admin is asked about before publishing it against its participant's withdrawal. */
  const [overriding, setOverriding] = useState<ConsoleItem | null>(null);

  const failed = useCallback(
    (what: MessageId, error: unknown) => {
      console.error(what, error);
      notify(t(what, { reason: error instanceof Error ? error.message : t("console.unknown_error") }));
    },
    [notify],
  );

  const applyBulk = useCallback(
    async (action: BulkAction, ids: number[]) => {
      const result = await bulkAction(ids, action);
      if (action === "delete") remove(result.ids);
      else for (const id of result.ids) replace({ id, ...changeOf(action) });
      // Withdrawn while the admin had them selected: the rows show it (the answer is the truth, not the list).
      for (const id of result.skipped_withdrawn ?? []) void getConsoleItem(id).then((item) => item && replace(item), () => {});
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
        const done = doneText(action, result.updated);
        const said = changed.length ? t("console.bulk.done_names", { done, names: someNames(changed) }) : t("console.bulk.done", { done });
        notify(said + withdrawnNote(result), "success");
      } catch (error) {
        failed("console.failed.bulk", error);
      }
    },
    [applyBulk, setLastChange, setSelected, notify, failed],
  );

  const undo = useCallback(async () => {
    if (!lastChange) return;
    const opposite = OPPOSITE[lastChange.action];
    try {
      const result = await applyBulk(opposite, lastChange.ids);
      const { ids } = result;
      setLastChange(null);
      const again = opposite === "publish";
      const one = lastChange.ids.length === 1 && lastChange.names[0];
      // Withdrawn since the change: undoing an unpublish leaves those private, and says so.
      const withdrawn = withdrawnNote(result);
      // Someone else already turned it back: say so rather than claim an undo that changed nothing.
      if (ids.length === 0)
        notify(
          withdrawn.trim() ||
            (one ? t(again ? "console.undo.already_public" : "console.undo.already_private", { name: one }) : t("console.undo.nothing")),
          "info",
        );
      else
        notify(
          (one ? t(again ? "console.undo.public_again" : "console.undo.private_again", { name: one }) : t("console.undo.done", { done: doneText(opposite, ids.length) })) +
            withdrawn,
          "success",
        );
    } catch (error) {
      failed("console.failed.undo", error);
    }
  }, [lastChange, applyBulk, setLastChange, notify, failed]);

  /** One item made public or private (the state asked for, not a toggle: a change meanwhile cannot flip it back). */
  const setPublic = useCallback(
    async (item: ConsoleItem, visible: boolean) => {
      const action = visible ? "publish" : "unpublish";
      try {
        const result = await applyBulk(action, [item.id]);
        const name = itemName(item);
        // Withdrawn meanwhile: publishing it needs the explicit override.
        if (result.skipped_withdrawn?.includes(item.id)) return setOverriding((await getConsoleItem(item.id)) ?? item);
        if (result.skipped_unredacted?.includes(item.id)) return notify(t("console.redaction.required", { name }));
        // Already so (another admin was quicker): nothing to undo.
        if (result.ids.length === 0) return notify(t(visible ? "console.visibility.already_public" : "console.visibility.already_private", { name }), "success");
        setLastChange({ action, ids: result.ids, names: [name] });
        notify(t(visible ? "console.visibility.made_public" : "console.visibility.made_private", { name }), "success");
      } catch (error) {
        if (error instanceof ApiError && error.code === "evidence.withdrawn") return setOverriding({ ...item, ...(error.body as WithdrawalConflict) });
        if (error instanceof ApiError && error.code === "evidence.redaction-required") return notify(t("console.redaction.required", { name: itemName(item) }));
        failed("console.failed.visibility", error);
      }
    },
    [applyBulk, setLastChange, notify, failed],
  );

  /** Publishes a withdrawn item on purpose (clearance with the override): the admin confirmed in the dialog. */
  const publishAnyway = useCallback(
    async (item: ConsoleItem) => {
      try {
        replace(await publishOverridingWithdrawal(item.id));
        recount();
        notify(t("console.override.done", { name: itemName(item) }), "success");
      } catch (error) {
        failed("console.failed.visibility", error);
      }
      setOverriding(null);
    },
    [replace, recount, notify, failed],
  );

  /** Records a participant's withdrawal on their behalf (a request by mail or in person). */
  const withdrawFor = useCallback(
    async (item: ConsoleItem) => {
      try {
        replace(await withdrawEvidence(item.id));
        recount();
        notify(t("console.withdraw.done", { name: itemName(item) }), "success");
      } catch (error) {
        failed("console.failed.withdraw", error);
      }
    },
    [replace, recount, notify, failed],
  );

  const review = useCallback(
    async (item: ConsoleItem, status: ReviewStatus) => {
      try {
        replace(await setReviewStatus(item.id, status));
        recount();
      } catch (error) {
        failed("console.failed.review", error);
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
        failed("console.failed.notes", error);
        return "failed";
      }
    },
    [replace, failed],
  );

  const rememberChange = useCallback((change: VisibilityChange) => setLastChange(change), [setLastChange]);
  const override = { item: overriding, ask: setOverriding, cancel: () => setOverriding(null), confirm: publishAnyway };
  return { bulk, undo, lastChange, setPublic, review, saveNotes, rememberChange, override, withdrawFor };
}
