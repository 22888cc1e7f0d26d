import { Alert, Button, Spinner } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import type { useLeaveGuard } from "../../recorder/useLeaveGuard";
import { t } from "../../i18n/i18n";
import { jumpToPreview } from "./EditorLayout";

export type SaveStatus = { tone: "error" | "success"; text: string } | null;

/** The form's bar, kept in view: what happened, Save (the form's submit), Discard, and how many changes are unsaved. */
export function SaveBar({ status, changes, saving, onDiscard }: { status: SaveStatus; changes: number; saving: boolean; onDiscard: () => void }) {
  return (
    <div className="sticky bottom-[calc(var(--tab-bar)+0.5rem)] z-10 space-y-3 rounded-card bg-surface/95 p-3 shadow-lift ring-1 ring-line backdrop-blur sm:p-4">
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:gap-3">
        <Button type="submit" variant="primary" disabled={changes === 0 || saving}>
          {saving && <Spinner />}
          {t("showEditor.save")}
        </Button>
        <Button variant="ghost" disabled={changes === 0 || saving} onClick={onDiscard}>
          {t("showEditor.discard")}
        </Button>
        {/* A phone: the count on a line of its own above the buttons, so it is not squeezed into three lines. */}
        <span className="min-w-0 text-xs text-muted max-sm:order-first max-sm:basis-full sm:flex-1 sm:text-sm">
          {changes > 0 ? t("showEditor.unsaved_changes", { count: changes }) : t("showEditor.no_unsaved_changes")}
        </span>
        {/* A phone has the preview below every field: the bar kept in view leads there. */}
        <Button variant="secondary" size="sm" className="ms-auto shrink-0 lg:hidden" onClick={jumpToPreview}>
          {t("showEditor.preview")}
        </Button>
      </div>
    </div>
  );
}

/** Leaving with unsaved texts asks first. */
export function LeaveDialog({ guard }: { guard: ReturnType<typeof useLeaveGuard> }) {
  return <ConfirmDialog open={guard.asking} title={t("showEditor.leave_title")} message={t("showEditor.leave_message")} onCancel={guard.stay} onConfirm={guard.leave} />;
}
