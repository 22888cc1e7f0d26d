import { useOnline } from "../../lib/useOnline";
import { Icon } from "../../ui/Icon";

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
            <strong className="font-semibold">You are offline.</strong> You can keep working: drafts stay on this phone, and queued items
            send by themselves when the connection is back.
          </span>
        </p>
      )}
    </div>
  );
}
