import type { ReactNode } from "react";
import { truncateTitle } from "../../../lib/format";
import { useObjectUrl } from "../../../lib/useObjectUrl";
import { KindPlaceholder } from "../../evidence/EvidenceCard";
import type { QueueRow } from "../queueAtoms";
import { t } from "../../i18n/i18n";
import { useLanguage } from "../../i18n/language";
import { kindLabel, QueueRowActions, QueueRowNote, QueueRowProgress, QueueRowState, stateLabel } from "./QueueRowParts";

/**
 * An item on its way, as a card in its place in the evidence list (first: it is the newest): the card's size, the
 * picture the phone made of it, its state over the picture, its progress and what the participant can do. The visible
 * title is the spec's 8 characters; the whole title is there for screen readers. The card is called by its whole
 * title, kind and state, worded by the catalog ("Bridge (Photo, Sending)").
 */
export function QueueCard({ row }: { row: QueueRow }) {
  // The list keeps its queue cards as elements until the queue changes (useQueueCards): a switched language re-words them.
  useLanguage();
  const thumbnail = useObjectUrl(row.thumbnail);
  return (
    <article
      data-testid="queue-row"
      data-draft-id={row.id}
      data-state={row.state}
      data-title={row.title}
      aria-label={t("upload.card_label", { title: row.title, kind: kindLabel(row), state: stateLabel(row) })}
      className="flex h-[357px] w-[250px] flex-col overflow-hidden rounded-card bg-surface text-ink-900 shadow-lift ring-2 ring-accent/50"
    >
      <div className="relative h-[160px] w-full shrink-0 overflow-hidden">
        {thumbnail ? <img src={thumbnail} alt="" className="h-full w-full bg-ink-800 object-cover" /> : <KindPlaceholder kind={row.mediaType} />}
        <span className="absolute start-2 top-2">
          <QueueRowState row={row} />
        </span>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-2 p-3">
        <h3 dir="auto" className="truncate font-display text-2xl leading-tight text-ink-950 text-page-start">
          <span aria-hidden="true">{truncateTitle(row.title)}</span>
          <span className="sr-only">{row.title}</span>
        </h3>
        <QueueRowProgress row={row} />
        {/* The badge says every other state; a refusal's reason is the server's own words. */}
        {row.state === "failed" && <QueueRowNote row={row} className="line-clamp-2 shrink-0" />}
        <div className="mt-auto">
          <QueueRowActions row={row} />
        </div>
      </div>
    </article>
  );
}

/** An item's card once it has arrived from this phone's queue, marked with the receipt until the finished are cleared. */
export function ArrivedReceipt({ row, children }: { row: QueueRow; children: ReactNode }) {
  return (
    <div data-testid="queue-row" data-draft-id={row.id} data-state={row.state} data-title={row.title} className="relative">
      {children}
      <span className="pointer-events-none absolute end-2 top-2">
        <QueueRowState row={row} />
      </span>
    </div>
  );
}
