import type { ConsoleItem } from "../../../api/console";
import { Icon } from "../../../ui/Icon";
import { t } from "../../i18n/i18n";

const pill =
  "inline-flex min-h-11 flex-1 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold text-ink-800 ring-1 ring-line ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 aria-pressed:bg-ink-900 aria-pressed:text-white aria-checked:bg-emerald-800 aria-checked:text-white";

/**
 * The viewer's triage on a phone, in its footer so it stays under the thumb however long the item: Reviewed, Flag,
 * Public (through the same confirmation as everywhere) and Next.
 */
export function TriageBar({
  item,
  onReviewed,
  onFlag,
  onPublic,
  onNext,
}: {
  item: ConsoleItem;
  onReviewed: () => void;
  onFlag: () => void;
  onPublic: () => void;
  onNext: () => void;
}) {
  return (
    <div role="toolbar" aria-label={t("console.quick_triage")} className="flex w-full gap-2 sm:hidden">
      <button type="button" className={pill} aria-pressed={item.review_status === "reviewed"} onClick={onReviewed}>
        {t("console.review.reviewed")}
      </button>
      <button type="button" className={pill} aria-pressed={item.review_status === "flagged"} onClick={onFlag}>
        {t("console.flag")}
      </button>
      <button type="button" role="switch" className={pill} aria-checked={item.is_public} onClick={onPublic}>
        {t("evidence.public")}
      </button>
      <button type="button" className={pill} onClick={onNext}>
        {t("viewer.next")}
        <Icon name="chevronRight" className="size-4 rtl:-scale-x-100" />
      </button>
    </div>
  );
}
