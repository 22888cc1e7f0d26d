import { Switch } from "@headlessui/react";
import type { Evidence } from "../../../api/types";

/** The admin's per-item visibility toggle; the change itself waits for the Confirm dialog. */
export function VisibilitySwitch({ item, onRequest }: { item: Evidence; onRequest: (item: Evidence) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={item.is_public}
        onChange={() => onRequest(item)}
        aria-label={`Public: ${item.title}`}
        className="group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-gray-500 transition data-checked:bg-green-800 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-blue-700"
      >
        <span className="size-5 translate-x-1 rounded-full bg-white shadow transition group-data-checked:translate-x-6" />
      </Switch>
      <span aria-hidden="true" className="text-sm">
        {item.is_public ? "Public" : "Private"}
      </span>
    </div>
  );
}
