import { Button } from "../../../ui/Button";
import { Icon } from "../../../ui/Icon";
import { t } from "../../i18n/i18n";

/** The viewer's way through the view: previous, where it is, next (also j/k). Sits in the dialog's footer. */
export function ViewerNavigation({ position, total, onPrevious, onNext }: { position: number; total: number; onPrevious: () => void; onNext: () => void }) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onPrevious} disabled={position <= 1} aria-keyshortcuts="k">
        <Icon name="chevronLeft" className="size-4 rtl:-scale-x-100" />
        {t("viewer.previous")}
      </Button>
      <p className="text-sm text-muted tabular-nums" aria-live="polite">
        {t("console.item_position", { position, total })}
      </p>
      <Button variant="secondary" size="sm" onClick={onNext} disabled={position >= total} aria-keyshortcuts="j">
        {t("viewer.next")}
        <Icon name="chevronRight" className="size-4 rtl:-scale-x-100" />
      </Button>
    </>
  );
}
