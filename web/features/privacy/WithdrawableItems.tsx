import type { Evidence } from "../../api/types";
import { MEDIA_LABELS } from "../../lib/mediaTypes";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { t } from "../i18n/i18n";

/**
 * A participant's items, each with its state and, where it can be withdrawn, a button to withdraw it: for the
 * participant (Profile in archive mode) and for an admin acting for them (the participant's dialog).
 */
export function WithdrawableItems({
  items,
  label,
  withdrawal,
  canWithdraw,
  withdrawLabel,
  onWithdraw,
  className = "",
}: {
  className?: string;
  items: Evidence[];
  label: string;
  /** The withdrawn mark's words (when and by whom). */
  withdrawal: (item: Evidence) => string;
  canWithdraw: (item: Evidence) => boolean;
  withdrawLabel: string;
  onWithdraw: (item: Evidence) => void;
}) {
  return (
    <ul aria-label={label} className={`divide-y divide-line rounded-card bg-surface ring-1 ring-line ${className}`}>
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3">
          <div className="min-w-0 sm:flex-1">
            <p id={`withdrawable-${item.id}`} dir="auto" className="font-semibold wrap-anywhere text-ink-950 text-page-start">
              {item.title}
            </p>
            <p className="text-xs text-muted">
              {MEDIA_LABELS[item.media_type]} #{item.id}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:max-w-1/2 sm:justify-end">
            {item.withdrawn_at ? (
              <Badge variant="withdrawn" className="!whitespace-normal !rounded-md">
                {withdrawal(item)}
              </Badge>
            ) : (
              <Badge variant={item.is_public ? "public" : "private"}>{item.is_public ? t("evidence.public") : t("evidence.private")}</Badge>
            )}
            {canWithdraw(item) && (
              <Button variant="secondary" size="sm" onClick={() => onWithdraw(item)} aria-describedby={`withdrawable-${item.id}`}>
                {withdrawLabel}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
