import type { BulkAction } from "../../../api/console";
import { Button } from "../../../ui/Button";

export const BULK_LABELS: Partial<Record<BulkAction, string>> = {
  publish: "Publish",
  unpublish: "Unpublish",
  reviewed: "Mark reviewed",
  delete: "Delete",
};

/** Shown while items are ticked: the count and what can be done to all of them at once. */
export function BulkBar({ count, onAction, onClear }: { count: number; onAction: (action: BulkAction) => void; onClear: () => void }) {
  if (count === 0) return null;
  return (
    <div role="region" aria-label="Bulk actions" className="sticky bottom-0 z-10 -mx-4 mt-3 flex flex-wrap items-center gap-2 border-t border-gray-300 bg-white/95 px-4 py-3 shadow-lg">
      <p className="mr-auto text-sm font-semibold" aria-live="polite">
        {count} selected
      </p>
      {(Object.entries(BULK_LABELS) as [BulkAction, string][]).map(([action, label]) => (
        <Button key={action} variant={action === "delete" ? "danger" : "secondary"} onClick={() => onAction(action)}>
          {label}
        </Button>
      ))}
      <Button variant="link" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
