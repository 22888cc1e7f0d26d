import type { BulkAction } from "../../../api/console";
import { Button } from "../../../ui/Button";
import { t, type MessageId } from "../../i18n/i18n";

const BULK_MESSAGES: Partial<Record<BulkAction, MessageId>> = {
  publish: "console.bulk.publish",
  unpublish: "console.bulk.unpublish",
  reviewed: "console.bulk.reviewed",
  delete: "evidence.delete",
};

/** Shown while items are ticked: a dark bar held at the bottom of the screen with the count and what applies to all. */
export function BulkBar({ count, onAction, onClear }: { count: number; onAction: (action: BulkAction) => void; onClear: () => void }) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label={t("console.bulk.label")}
      className="surface-dark sticky bottom-3 z-10 mt-3 flex flex-wrap items-center gap-2 rounded-card bg-ink-950 px-4 py-3 text-white shadow-lift"
    >
      <p className="me-auto text-sm font-semibold" aria-live="polite">
        {t("console.bulk.selected", { count })}
      </p>
      {(Object.entries(BULK_MESSAGES) as [BulkAction, MessageId][]).map(([action, label]) => (
        <Button key={action} size="sm" variant={action === "delete" ? "danger" : "secondary"} onClick={() => onAction(action)}>
          {t(label)}
        </Button>
      ))}
      <Button size="sm" variant="ghost" className="hover:bg-white/10" onClick={onClear}>
        {t("console.bulk.clear")}
      </Button>
    </div>
  );
}
