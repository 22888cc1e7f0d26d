import type { Evidence } from "../../../api/types";
import { t } from "../../i18n/i18n";

/**
 * The admin's per-item visibility toggle; the change itself waits for the Confirm dialog. A plain button with the
 * switch role (a grid renders a hundred of these: a headless UI Switch per row made the console's first render slow).
 */
export function VisibilitySwitch({ item, onRequest }: { item: Evidence; onRequest: (item: Evidence) => void }) {
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={item.is_public}
        onClick={() => onRequest(item)}
        aria-label={t("console.public_switch", { title: item.title })}
        className="group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-ink-400 transition focus-visible:outline-2 focus-visible:outline-offset-2 aria-checked:bg-emerald-800"
      >
        <span className="size-5 translate-x-1 rounded-full bg-white shadow transition group-aria-checked:translate-x-6 rtl:-translate-x-1 rtl:group-aria-checked:-translate-x-6" />
      </button>
      <span aria-hidden="true" className="text-sm text-ink-800">
        {item.is_public ? t("evidence.public") : t("evidence.private")}
      </span>
    </div>
  );
}
