import { Switch } from "@headlessui/react";
import type { Evidence } from "../../api/types";

export function VisibilitySwitch({ item, onRequest }: { item: Evidence; onRequest: (item: Evidence) => void }) {
  return (
    <Switch
      checked={item.is_public}
      onChange={() => onRequest(item)}
      aria-label={`Public: ${item.title}`}
      className="group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-gray-400 transition data-checked:bg-green-800 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-blue-700"
    >
      <span className="size-5 translate-x-1 rounded-full bg-white shadow transition group-data-checked:translate-x-6" />
    </Switch>
  );
}
