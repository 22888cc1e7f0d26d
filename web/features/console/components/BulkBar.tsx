import type { BulkAction } from "../../../api/console";
import { Button } from "../../../ui/Button";

export const BULK_LABELS: Partial<Record<BulkAction, string>> = {
  publish: "Publish",
  unpublish: "Unpublish",
  reviewed: "Mark reviewed",
  delete: "Delete",
};

/** Shown while items are ticked: a dark bar held at the bottom of the screen with the count and what applies to all. */
export function BulkBar({ count, onAction, onClear }: { count: number; onAction: (action: BulkAction) => void; onClear: () => void }) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="surface-dark sticky bottom-3 z-10 mt-3 flex flex-wrap items-center gap-2 rounded-card bg-ink-950 px-4 py-3 text-white shadow-lift"
    >
      <p className="mr-auto text-sm font-semibold" aria-live="polite">
        {count} selected
      </p>
      {(Object.entries(BULK_LABELS) as [BulkAction, string][]).map(([action, label]) => (
        <Button key={action} size="sm" variant={action === "delete" ? "danger" : "secondary"} onClick={() => onAction(action)}>
          {label}
        </Button>
      ))}
      <Button size="sm" variant="ghost" className="hover:bg-white/10" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
