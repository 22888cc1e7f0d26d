import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { Button } from "../../../ui/Button";
import { Modal } from "../../../ui/Dialog";
import { queueRowsAtom } from "../queueAtoms";
import { clearFinished } from "../queueRunner";
import { queueSummary } from "../queueSummary";
import { QueueRowView } from "./QueueRowView";
import { t } from "../../i18n/i18n";

/**
 * One line (a tap target's height): with the top bar and the tab bar it keeps what covers a phone's screen under a
 * fifth. Keeps the fixed red plus button above the bar (AddEvidenceButton reads this variable).
 */
const BAR_HEIGHT = "2.75rem";

/** The queue on every screen: a compact bar above the bottom edge; one tap opens the panel with every item. */
export function UploadQueueBar() {
  const rows = useAtomValue(queueRowsAtom);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    document.documentElement.style.setProperty("--queue-bar", BAR_HEIGHT);
    return () => document.documentElement.style.setProperty("--queue-bar", "0rem");
  }, []);
  const moving = rows.find((row) => row.state === "sending" || row.state === "finishing");
  const percent = moving?.total ? Math.round((moving.sent / moving.total) * 100) : null;
  const allDone = rows.every((row) => row.state === "done");
  return (
    <>
      <div aria-hidden="true" style={{ height: BAR_HEIGHT }} />
      <div data-testid="upload-queue-bar" className="surface-dark fixed inset-x-0 bottom-(--tab-bar,0rem) z-30 border-t border-ink-700 bg-ink-950 pb-[env(safe-area-inset-bottom)] text-ink-50 shadow-[0_-8px_24px_rgba(15,15,14,0.25)]">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4" style={{ minHeight: BAR_HEIGHT }}>
          <button type="button" onClick={() => setOpen(true)} className="min-h-11 min-w-0 flex-1 rounded-lg text-start focus-visible:outline-2 focus-visible:outline-offset-2" aria-haspopup="dialog">
            <span className="sr-only">{t("upload.title")}</span>
            <span data-testid="upload-queue-summary" className="block text-sm font-medium break-words text-white">
              {queueSummary(rows, "bar")}
            </span>
            {percent !== null && (
              <span aria-hidden="true" className="mt-1.5 block h-1 overflow-hidden rounded-full bg-ink-700">
                <span className="block h-full rounded-full bg-tape" style={{ width: `${percent}%` }} />
              </span>
            )}
          </button>
          {allDone && (
            <Button variant="ghost" onClick={clearFinished}>
              {t("common.close")}
            </Button>
          )}
        </div>
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t("upload.title")}
        actions={
          <>
            {rows.some((row) => row.state === "done") && (
              <Button variant="ghost" onClick={clearFinished}>
                {t("upload.clear_finished")}
              </Button>
            )}
            <Button onClick={() => setOpen(false)}>{t("common.close")}</Button>
          </>
        }
      >
        <ul data-testid="upload-queue-panel" className="space-y-3">
          {rows.map((row) => (
            <QueueRowView key={row.id} row={row} />
          ))}
        </ul>
      </Modal>
    </>
  );
}
