import { Button } from "../../../ui/Button";
import { Icon } from "../../../ui/Icon";

/** The viewer's way through the view: previous, where it is, next (also j/k). Sits in the dialog's footer. */
export function ViewerNavigation({ position, total, onPrevious, onNext }: { position: number; total: number; onPrevious: () => void; onNext: () => void }) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onPrevious} disabled={position <= 1} aria-keyshortcuts="k">
        <Icon name="chevronLeft" className="size-4" />
        Previous
      </Button>
      <p className="text-sm text-muted tabular-nums" aria-live="polite">
        Item {position} of {total}
      </p>
      <Button variant="secondary" size="sm" onClick={onNext} disabled={position >= total} aria-keyshortcuts="j">
        Next
        <Icon name="chevronRight" className="size-4" />
      </Button>
    </>
  );
}
