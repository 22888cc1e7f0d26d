import { useOnline } from "../../lib/useOnline";
import { Icon } from "../../ui/Icon";
import { t } from "../i18n/i18n";

/**
 * Says so while the phone is offline, and what still works. The status region is always in the page, so screen
 * readers announce the text when it appears.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status">
      {!online && (
        <p className="flex items-start justify-center gap-2.5 border-b border-ink-950/15 bg-tape px-4 py-2.5 text-sm text-ink-950">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{t("offline.title")}</strong> {t("offline.text")}
          </span>
        </p>
      )}
    </div>
  );
}
