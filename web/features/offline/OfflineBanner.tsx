import { useOnline } from "../../lib/useOnline";

/**
 * Says so while the phone is offline, and what still works. The status region is always in the page, so screen
 * readers announce the text when it appears.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status">
      {!online && (
        <p className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm text-amber-950">
          <strong>You are offline.</strong> You can keep working: drafts stay on this phone, and queued items send by
          themselves when the connection is back.
        </p>
      )}
    </div>
  );
}
